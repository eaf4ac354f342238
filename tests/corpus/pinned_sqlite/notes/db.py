from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session


class Database:
    """Each pooled sqlite3 connection serves only the thread that opened it: the app keeps
    all its database calls on the loop's thread, and moving one into a worker thread as is
    would raise `sqlite3.ProgrammingError`."""

    def __init__(self, uri: str) -> None:
        args = {"check_same_thread": True} if "sqlite" in uri else {}
        self.engine = create_engine(uri, connect_args=args)

    def initialize(self, folder: Path) -> None:
        folder.mkdir(exist_ok=True)  # expect: UJ002
        with self.engine.connect() as conn:  # expect: UJ002
            conn.exec_driver_sql("CREATE TABLE IF NOT EXISTS notes (id INTEGER, body TEXT)")  # expect: UJ002

    def count(self) -> int:
        with Session(self.engine) as session:
            return session.execute(text("SELECT count(*) FROM notes")).scalar()  # expect: UJ001
