"""Re-exports, as many packages do."""

from .queues import QueueFactory, SqsQueue
from .sms import SmsGateway

__all__ = ["QueueFactory", "SmsGateway", "SqsQueue"]
