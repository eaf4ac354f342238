"""The queue is picked by name from the settings: which class runs is not known here."""

import os

from jobs.queues.base import Queue, ResultStore
from jobs.queues.memory import MemoryQueue
from jobs.queues.sqs import SqsQueue

QUEUES: dict[str, type[Queue]] = {SqsQueue.name: SqsQueue, MemoryQueue.name: MemoryQueue}


def get_queue(name: str) -> Queue:
    return QUEUES[name]()


class FileResults(ResultStore):
    def save(self, job_id: str, result: bytes) -> None:
        with open(f"/var/results/{job_id}", "wb") as f:  # expect: UJ001
            f.write(result)


def get_results() -> ResultStore:
    return FileResults()


queue = get_queue(os.environ.get("QUEUE", "memory"))
