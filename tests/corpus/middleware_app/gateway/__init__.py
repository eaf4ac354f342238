from .middleware import RateLimitMiddleware

__all__ = ["RateLimitMiddleware"]
