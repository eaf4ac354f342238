"""The Python version `unjam check` reads files as (the parser's target version).

A project's files are written for the Pythons it supports, not for the one unjam happens to
run on: PEP 695 generics (3.12) or `except A, B:` (3.14) are ordinary code in a project
that requires 3.12+, and skipping them would skip auth dependencies that sit on every
route. The native extension (ruff's parser) reads any version, so files are read as the
newest Python the project's `requires-python` allows — the newest the parser knows when it
says nothing — and never as one older than the running Python (whose own parser reads the
files the native path hands back). Without the extension, only the running Python's syntax
can be read; such files are reported, with the reason, never silently dropped.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

NEWEST = (3, 14)  # the newest version ruff's parser (native/) knows
_CLAUSE = re.compile(r"^\s*(~=|===|==|!=|<=|>=|<|>)\s*(\d+(?:\.\d+)*)(\.\*)?\s*$")


def target_version(start: Path) -> tuple[int, int]:
    """The version to parse the project at or above `start` (a directory) as."""
    running = sys.version_info[:2]
    spec = requires_python(start)
    allowed = [v for v in _minors() if spec is None or allows(spec, v)]
    return max(max(allowed, default=NEWEST), running)


def requires_python(start: Path) -> str | None:
    """`[project] requires-python` of the nearest pyproject.toml at or above `start`."""
    for directory in (start, *start.parents):
        pyproject = directory / "pyproject.toml"
        if pyproject.is_file():
            try:
                data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
            except (OSError, UnicodeError, tomllib.TOMLDecodeError):
                return None  # (config.py reports a broken file when it has [tool.unjam])
            project = data.get("project")
            value = project.get("requires-python") if isinstance(project, dict) else None
            return value if isinstance(value, str) else None
    return None


def allows(spec: str, version: tuple[int, int]) -> bool:
    """Whether the specifier set `spec` (PEP 440, e.g. ">=3.10,<3.13") admits `version`
    (3.x.0); a clause it cannot read admits everything."""
    return all(_clause_allows(clause, version) for clause in spec.split(",") if clause.strip())


def _clause_allows(clause: str, version: tuple[int, int]) -> bool:
    match = _CLAUSE.match(clause)
    if match is None:
        return True
    op, number, star = match.groups()
    bound = tuple(int(part) for part in number.split("."))
    have = (*version, 0)[: max(len(bound), 2)]
    have = (*have, *(0,) * (len(bound) - len(have)))
    if star or op == "~=":
        prefix = bound[:-1] if op == "~=" else bound
        same = (*version, 0)[: len(prefix)] == prefix
        if op == "~=":
            return same and have >= bound
        return same if op == "==" else not same
    return {
        "==": have == bound,
        "===": have == bound,
        "!=": have != bound,
        "<=": have <= bound,
        ">=": have >= bound,
        "<": have < bound,
        ">": have > bound,
    }[op]


def _minors() -> list[tuple[int, int]]:
    return [(3, minor) for minor in range(7, NEWEST[1] + 1)]
