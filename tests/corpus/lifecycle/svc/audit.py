"""An audit log the lifespan opens (`configure_audit()`): a request's `get_audit()` finds it
already open, so its memo's one slow call is start-up work, not a request's."""

import sqlite3

_audit: sqlite3.Connection | None = None


def configure_audit() -> sqlite3.Connection:
    global _audit
    _audit = sqlite3.connect("/var/lib/svc/audit.db", check_same_thread=False)  # expect: UJ002
    return _audit


def get_audit() -> sqlite3.Connection:
    if _audit:
        return _audit
    return configure_audit()
