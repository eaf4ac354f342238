"""A process-wide Redis client, checked with a ping before it is handed back and built again
only when the check fails or the URL changes: the build runs on the first call and after a
lost connection, not on every request."""

import threading

from fastapi import APIRouter
from redis import Redis

brokers = APIRouter(prefix="/broker")
BROKER_URL = "redis://127.0.0.1:6379/0"
_client = None
_client_url = None
_client_lock = threading.Lock()


def broker_client(url: str) -> Redis:
    global _client, _client_url
    with _client_lock:
        if _client is not None and _client_url == url:
            try:
                _client.ping()
                return _client
            except Exception:
                _client = None
        elif _client is not None:
            _client.close()
            _client = None
        _client_url = url
        _client = Redis.from_url(url)  # ok (once, and again after a failed ping)
        return _client


@brokers.get("/queue")
def queue_length():
    return {"length": broker_client(BROKER_URL).llen("jobs")}
