"""A test's slow fake: never what the app runs."""

import time

from jobs.queues.base import Queue


class SlowQueue(Queue):
    name = "slow"

    def publish(self, body: str) -> None:
        time.sleep(0.5)  # ok: test code
