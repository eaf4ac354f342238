"""The seeds' two Producers: one that builds its queue per instance, and the singleton fix.

`Producer` is what `Depends(Producer)` instantiates on every request (in the thread pool —
FastAPI always runs a class dependency's `__init__` there). `SingletonProducer` is seed 000's
fix: the client and queue URL are built once, on first use, and shared.
"""

from __future__ import annotations

import threading

from unjam.lab.apps.webhook.sqs import QUEUE_NAME, SqsSimpleQueue


def get_queue() -> SqsSimpleQueue:
    return SqsSimpleQueue(QUEUE_NAME)


class Producer:
    def __init__(self):
        self.queue = get_queue()

    def send_message(self, body_str: str) -> dict:
        return self.queue.send_message(body_str)


class SingletonProducer:
    _queue: SqsSimpleQueue | None = None
    _lock = threading.Lock()

    def __new__(cls):
        if cls._queue is None:
            with cls._lock:
                if cls._queue is None:
                    cls._queue = get_queue()
        return super().__new__(cls)

    def send_message(self, body_str: str) -> dict:
        assert self._queue is not None
        return self._queue.send_message(body_str)
