from jobs.queues.base import Queue


class MemoryQueue(Queue):
    name = "memory"

    def __init__(self) -> None:
        self.messages: list[str] = []

    def publish(self, body: str) -> None:
        self.messages.append(body)

    def size(self) -> int:
        return len(self.messages)
