"""SQLite statements that only set a flag on the connection: `conn.execute("PRAGMA
foreign_keys=ON")` reads and writes no file (a connection setting, kept in memory), so it
is no blocking call, while `PRAGMA journal_mode=WAL` or `PRAGMA integrity_check` do touch
the database file and stay one."""

from __future__ import annotations

import re

from unjam.analysis.summary import CallSite

SQLITE_EXECUTES = frozenset(
    {
        "sqlite3.Connection.execute",
        "sqlite3.Cursor.execute",
        "sqlite3.Connection.executescript",
        "sqlite3.Cursor.executescript",
    }
)
# pragmas that set (or read back) a setting of the connection alone
_SETTINGS = frozenset(
    {
        "foreign_keys",
        "temp_store",
        "synchronous",
        "cache_size",
        "busy_timeout",
        "case_sensitive_like",
        "recursive_triggers",
        "query_only",
        "read_uncommitted",
        "defer_foreign_keys",
        "cache_spill",
        "automatic_index",
        "reverse_unordered_selects",
        "trusted_schema",
    }
)
_PRAGMA = re.compile(
    r"\s*pragma\s+(?:main\.)?(\w+)\s*(?:=\s*[\w'\"-]+|\(\s*[\w'\"-]+\s*\))?\s*;?\s*$"
)


def sets_a_flag(site: CallSite) -> bool:
    """Whether the call's statement is a constant `PRAGMA` that only sets a setting (each
    statement of a script, for `executescript`)."""
    if not site.args or site.args[0][0] != "const" or not isinstance(site.args[0][1], str):
        return False
    statements = [s for s in site.args[0][1].lower().split(";") if s.strip()]
    if not statements:
        return False
    for statement in statements:
        match = _PRAGMA.match(statement)
        if match is None or match.group(1) not in _SETTINGS:
            return False
    return True
