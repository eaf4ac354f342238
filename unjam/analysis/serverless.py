"""Apps that serve one request per process: wrapped by Mangum (`handler = Mangum(app)`) for
AWS Lambda, which hands each instance one event at a time. There no two requests share the
thread pool, so what the pool's size means for concurrent requests (UJ005, UJ006) does not
apply. Taken so only when nothing in the project serves the app any other way: no
`uvicorn.run(...)` or the like in its code, no Dockerfile, compose file, Procfile or
script beside the app or above it that names an ASGI server, nor a container image or
process file anywhere in the repository that does (txtai keeps its Lambda image in
docker/aws/ and its uvicorn one in docker/api/).
"""

from __future__ import annotations

from pathlib import Path

from unjam.analysis.declared_versions import files_mention
from unjam.analysis.project import Project
from unjam.analysis.repository_files import words_named

_LAMBDA_ADAPTERS = frozenset({"mangum.Mangum", "mangum.adapter.Mangum"})
_SERVERS = ("uvicorn", "gunicorn", "hypercorn", "granian", "daphne")
# what runs the app in production, wherever the repository keeps it
_IMAGE_FILES = ("Dockerfile*", "*.dockerfile", "docker-compose*", "compose*.y*ml", "Procfile")
_DEPLOY_FILES = (*_IMAGE_FILES, "*.sh", "Makefile", "fly.toml", "app.yaml")


def lambda_only(project: Project, root: Path, folders: list[str]) -> bool:
    """Whether the project's apps run under a Lambda adapter only: one wraps an app, no code
    starts a server, no deployment file in `folders` names one, nor any container image or
    process file of the repository."""
    if not _calls(project, "Mangum", _LAMBDA_ADAPTERS):
        return False
    if any(_calls(project, name, None) for name in ("run", "serve", "Server", "Config")):
        return False
    if files_mention(root, folders, _DEPLOY_FILES, _SERVERS):
        return False
    # (too many image files to read: each server counts as named)
    servers = set(_SERVERS)
    return not words_named(root, _IMAGE_FILES, servers, whole=False, stop_at=servers)


def _calls(project: Project, name: str, callees: frozenset[str] | None) -> bool:
    """Whether the project calls `name`, resolved to one of `callees` (None: to an ASGI
    server's API)."""
    for caller, site in project.sites_named(name):
        value = project.callee(caller, site.func)
        if value is None:
            continue
        qn = value[1]
        if not isinstance(qn, str):
            continue
        if callees is None and qn.partition(".")[0] in _SERVERS:
            return True
        if callees is not None and qn in callees:
            return True
    return False
