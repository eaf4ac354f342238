"""A project with routers and no app, because its app cannot start: the module that builds it
does not parse (a merge left conflict markers in main.py), or the module every launcher names
is not in the project (`uvicorn main:app` in the Dockerfile, and no main.py). unjam checks a
library's routers as if some app served them; here the only app there is to serve them
cannot start, so none of their routes is served.
"""

from __future__ import annotations

import re
from pathlib import Path

from unjam.analysis.discovery import is_test_path
from unjam.analysis.project import Project

_BUILDS_APP = re.compile(r"^[^#\n]*\bFastAPI\s*\(", re.MULTILINE)
# the files a server is started from, at the root: the `module:attr` on a server's line
_LAUNCH_FILES = ("Dockerfile*", "*.dockerfile", "docker-compose*", "compose*.y*ml", "Procfile*")
_SERVER = re.compile(r"\b(uvicorn|gunicorn|hypercorn|granian)\b")
_SPEC = re.compile(r"(?<![\w.:/-])([A-Za-z_][\w.]*):([A-Za-z_]\w*)\b")
_MAX_BYTES = 1_000_000


def missing_app(project: Project, root: Path, unparsed: dict[str, str]) -> tuple[str, str] | None:
    """(path, reason) of what keeps the project's app from starting, when it has none that
    unjam sees (the caller asks only then): a file that does not parse and builds one that
    includes routers, or the launch file whose every `module:attr` names a module the
    project lacks."""
    for path in sorted(unparsed):
        if is_test_path(path) or not path.endswith(".py"):
            continue
        text = _read(root / path) or ""
        found = _BUILDS_APP.search(text) if "include_router" in text else None
        if found is not None:
            line = text.count("\n", 0, found.start()) + 1
            return path, (
                f"; it builds the app (`FastAPI(` on line {line}), which cannot start: no "
                "route of its routers is checked until it parses"
            )
    return _unlaunchable(project, root)


def _unlaunchable(project: Project, root: Path) -> tuple[str, str] | None:
    specs: list[tuple[str, str, str]] = []  # (launch file, module, attr)
    for pattern in _LAUNCH_FILES:
        for path in sorted(root.glob(pattern)):
            text = _read(path) if path.is_file() else None
            for line in (text or "").splitlines():
                if _SERVER.search(line) and not line.lstrip().startswith("#"):
                    specs += [(path.name, m, a) for m, a in _SPEC.findall(line)]
    if not specs or any(_in_project(project, module) for _file, module, _attr in specs):
        return None
    name, module, attr = specs[0]
    wanted = module.replace(".", "/")
    return name, (
        f"{name} starts the app `{module}:{attr}`, but no {wanted}.py is in the project: "
        "nothing serves its routers, so none of their routes is checked until it is"
    )


def _in_project(project: Project, module: str) -> bool:
    """Whether a project module may be the one a launcher names (by its dotted name, or
    its file's path, from any folder the server may start in)."""
    wanted = module.replace(".", "/")
    return any(
        mod.name == module
        or mod.name.endswith(f".{module}")
        or mod.path in (f"{wanted}.py", f"{wanted}/__init__.py")
        or mod.path.endswith((f"/{wanted}.py", f"/{wanted}/__init__.py"))
        for mod in project.unique_modules()
    )


def _read(path: Path) -> str | None:
    try:
        with path.open("rb") as handle:
            return handle.read(_MAX_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return None
