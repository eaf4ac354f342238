"""A one-method interface: any class with a `connect` is not an implementation of it."""

import contextlib
from collections.abc import Iterator
from typing import Protocol

import sqlalchemy


class Tracker:
    def log(self, name: str, value: float) -> None:
        print(name, value)


class TrackerManager(Protocol):
    @contextlib.contextmanager
    def connect(self) -> Iterator[Tracker]: ...


class LocalTrackerManager:
    @contextlib.contextmanager
    def connect(self) -> Iterator[Tracker]:
        yield Tracker()


class DatabaseManager:
    def __init__(self) -> None:
        self.engine = sqlalchemy.create_engine("postgresql://db/app")

    @contextlib.contextmanager
    def connect(self) -> Iterator[sqlalchemy.Connection]:
        with self.engine.begin() as connection:  # ok (no TrackerManager: another return type)
            yield connection


database = DatabaseManager()
trackers = LocalTrackerManager()


def record(manager: TrackerManager, name: str, value: float) -> None:
    with manager.connect() as tracker:
        tracker.log(name, value)
