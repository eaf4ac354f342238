"""A signing secret loaded once from the database, behind `if self.secret is not None:`."""

import sqlite3
import threading


class TokenService:
    def __init__(self) -> None:
        self.secret: str | None = None
        self.lock = threading.Lock()

    def secret_loaded(self) -> bool:
        return self.secret is not None

    def ensure_loaded(self) -> None:
        self._load()

    def _load(self) -> None:
        if self.secret is not None:
            return
        with self.lock:
            row = sqlite3.connect("auth.db").execute("SELECT secret FROM keys").fetchone()  # expect: UJ001 (`grant` fills the memo on the loop)
            self.secret = row[0]

    def verify(self, token: str) -> bool:
        self._load()
        return token.endswith(self.secret or "")


service = TokenService()
other = TokenService()
