"""Which major version of a library the project declares it runs with, read from its
dependency files: a lock's pin (poetry.lock, uv.lock, Pipfile.lock) first, else the lowest
major a requirement admits (`pydantic>=2`, `pydantic==2.7.*`, `pydantic = "^2.5"`). A bare
requirement, or none, says nothing: what runs is whatever is installed.
"""

from __future__ import annotations

import re
from pathlib import Path

_LOCKS = ("poetry.lock", "uv.lock", "Pipfile.lock")
_REQUIREMENTS = ("pyproject.toml", "Pipfile")


def declared_major(root: Path, folders: list[str], package: str) -> tuple[int, str] | None:
    """(major version, where it is said: `poetry.lock: 2.7.0`) of `package`, from the
    dependency files in `folders` (relative to `root`, nearest first), or None."""
    for folder in folders:
        base = root / folder if folder else root
        for name in _LOCKS:
            found = _pinned(base / name, package)
            if found is not None:
                return int(found.partition(".")[0]), f"{folder}{name}: {found}"
        candidates = [base / n for n in _REQUIREMENTS] + sorted(base.glob("requirements*.txt"))
        for path in candidates:
            major = _required_major(path, package)
            if major is not None:
                return major, f"{folder}{path.name}"
    return None


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _pinned(path: Path, package: str) -> str | None:
    """The version a lock file pins `package` at."""
    text = _read(path)
    if not text:
        return None
    name = re.escape(package)
    toml = re.search(rf'^name = "{name}"\s*\nversion = "(\d[^"]*)"', text, re.MULTILINE)
    if toml:
        return toml.group(1)
    pipfile = re.search(rf'"{name}": \{{[^}}]*?"version": "==(\d[^"]*)"', text, re.DOTALL)
    return pipfile.group(1) if pipfile else None


def _required_major(path: Path, package: str) -> int | None:
    """The lowest major version a requirement of `package` admits (`==2.7`, `>=2`, `~=2.4`,
    poetry's `^2.5`, `"2.7.0"` or `{version = "^2.5"}`), or None (none, or bare)."""
    name = re.escape(package)
    spec = re.search(
        rf"""^\s*["']?{name}(\[[^\]]*\])?\s*(=\s*\{{[^\n]*?version\s*)?"""
        rf"""(==|>=|~=|=\s*["']\^?|\^)\s*(\d+)""",
        _read(path),
        re.MULTILINE | re.IGNORECASE,
    )
    return None if spec is None else int(spec.group(4))


def declared_requirement(root: Path, package: str) -> bool:
    """Whether a dependency file at the root names `package` (a requirement, a lock entry)."""
    name = re.escape(package)
    pattern = re.compile(rf"""^\s*(name = )?["']?{name}\b""", re.MULTILINE | re.IGNORECASE)
    files = [root / n for n in (*_LOCKS, *_REQUIREMENTS)] + sorted(root.glob("requirements*.txt"))
    return any(pattern.search(_read(path)) for path in files)
