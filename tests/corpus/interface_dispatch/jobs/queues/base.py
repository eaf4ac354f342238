"""The interfaces the routes call through: what runs is an implementation's method."""

from abc import ABC, abstractmethod
from typing import Protocol


class Queue(Protocol):
    name: str

    def publish(self, body: str) -> None: ...

    def size(self) -> int:
        """How many messages wait."""
        raise NotImplementedError


class ResultStore(ABC):
    @abstractmethod
    def save(self, job_id: str, result: bytes) -> None:
        """Keep a job's result."""
