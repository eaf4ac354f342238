"""A search index behind an abstract base, built once and kept on the app's state; the
route takes it through `Depends(lambda: app.state.index)`, so what runs is the SQLite
index's own `update`, on the loop."""

import sqlite3
from abc import ABC, abstractmethod


class SearchIndex(ABC):
    @abstractmethod
    def update(self, entity_id: int) -> None:
        """Index the entity again."""


class SqliteIndex(SearchIndex):
    def update(self, entity_id: int) -> None:
        with sqlite3.connect("/var/index.db") as db:  # expect: UJ001
            db.execute("UPDATE entities SET indexed = 1 WHERE id = ?", (entity_id,))  # expect: UJ001


def create_index(url: str) -> SearchIndex:
    return SqliteIndex()
