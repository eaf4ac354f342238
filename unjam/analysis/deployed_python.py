"""The Python a repository deploys on, where it says so: a Dockerfile's base image
(`FROM python:3.8-slim`, `tiangolo/uvicorn-gunicorn-fastapi:python3.7`), Heroku's runtime.txt
(`python-3.8.10`), pyenv's `.python-version`. `asyncio.to_thread` came with Python 3.9: a fix
naming it would break an app deployed on 3.8 (rules_engine.py `_portable`)."""

from __future__ import annotations

import re
from pathlib import Path

from unjam.analysis.declared_versions import decoded
from unjam.analysis.repository_files import files_matching

_FILES = ("Dockerfile*", "*.dockerfile", "Containerfile*", "runtime.txt", ".python-version")
_FROM = re.compile(r"^\s*FROM\s+(?:--\S+\s+)?\S*python:?(\d)\.(\d+)", re.IGNORECASE | re.MULTILINE)
_RUNTIME = re.compile(r"^\s*(?:python-)?(\d)\.(\d+)", re.MULTILINE)


def deployed_before(root: Path, version: tuple[int, int]) -> bool:
    """Whether every Python version the deployment files name is older than `version` (and
    one does)."""
    found: list[tuple[int, int]] = []
    for path in files_matching(root, _FILES) or ():
        try:
            text = decoded(Path(path).read_bytes()[:100_000])
        except OSError:
            continue
        name = Path(path).name
        pattern = _RUNTIME if name in ("runtime.txt", ".python-version") else _FROM
        found += [(int(major), int(minor)) for major, minor in pattern.findall(text)]
    return bool(found) and all(seen < version for seen in found)
