from service.middleware.audit import AuditMiddleware
from service.middleware.locale import FrenchLocaleMiddleware, is_locale_middleware
from service.middleware.timing import TimingMiddleware, watch_queries
from service.middleware.tracing import TraceMiddleware, Tracing

__all__ = [
    "AuditMiddleware",
    "FrenchLocaleMiddleware",
    "TimingMiddleware",
    "TraceMiddleware",
    "Tracing",
    "is_locale_middleware",
    "watch_queries",
]
