"""Re-exports: routers import the shared clients from the package."""

from .cache import redis_client
from .payments import PaymentsClient as Payments

__all__ = ["Payments", "redis_client"]
