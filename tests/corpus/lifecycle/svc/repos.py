"""A repository behind a Protocol: the lifespan's local names the interface, but holds the
Postgres class it built, whose `initialize` connects: start-up work on the loop."""

from typing import Protocol

import psycopg


class Repository(Protocol):
    def initialize(self) -> None: ...


class PostgresRepository:
    def __init__(self, dsn: str) -> None:
        self.dsn = dsn

    def initialize(self) -> None:
        with psycopg.connect(self.dsn) as conn:  # expect: UJ002
            conn.execute("create table if not exists notes (id int)")  # expect: UJ002


def open_repository() -> Repository:
    repo: Repository = PostgresRepository("postgresql://db.internal/svc")
    repo.initialize()
    return repo
