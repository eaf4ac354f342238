"""Which project a named path belongs to, so that `unjam check pkg/sub` analyses what
`unjam check .` does and reports the same findings for the files in pkg/sub.

A module's name, and so every absolute import, depends on the directory it is imported from
(the import root), not on the folder the user happened to name. The import root of a named
path is found by walking up through packages: the first directory above it with no
`__init__.py` (for `src/pkg/sub`, that is `src`). A named directory that is not a package is
its own import root — its files are top-level modules, as they have always been.

When the import root lies above the named path, the named path is part of a larger project:
unjam reads the whole project for context — the nearest directory at or above the import root
holding `pyproject.toml`, `setup.py` or `setup.cfg` (for a src layout, the directory above
`src`), or the import root itself when there is none. Its files are discovered with the same
exclusions and analysed with the named ones, so absolute imports resolve and entry points
elsewhere in the project count; findings and diagnostics are then reported only for the
named files. A path inside a directory discovery skips (`site-packages`, `.venv`, `build`,
...) is not part of a project's code: it is analysed alone, as before. Nor is anything above
a repository's root (a directory holding `.git` or `.github`), a project's (one holding a
marker, or a tool's settings or a licence kept at a project's root: `tox.ini`, `mypy.ini`,
`.pylintrc`, `LICENSE`)
or a deployable service's (`requirements.txt`, a lock file, a `Dockerfile`), even when that
root has an `__init__.py`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from unjam.analysis.discovery import DEFAULT_EXCLUDED_DIRS

PROJECT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg")


def import_root(path: Path) -> Path:
    """The directory `path` (absolute) is imported from: above its last enclosing package,
    but never above a repository's or a project's root (`.git`, `pyproject.toml`, ...): a
    stray `__init__.py` there makes no package of the folder that holds every clone, or
    every unpacked sdist, beside it."""
    directory = path if path.is_dir() else path.parent
    while (
        (directory / "__init__.py").is_file()
        and directory.parent != directory
        and not _boundary(directory)
    ):
        directory = directory.parent
    return directory


# what only a repository's or a deployable service's root holds: a copy without `.git` (an
# archive, an unpacked zip) still stops there
REPOSITORY_MARKERS = (".git", ".github")
DEPLOY_MARKERS = (
    *("requirements.txt", "Pipfile", "poetry.lock", "uv.lock", "Dockerfile"),
    *("docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml"),
)
# the tools' settings a project keeps at its root (never a package's own folder), and its
# licence, which a repository keeps there (an archive of one whose root has a stray
# `__init__.py` and nothing else that marks it)
TOOL_MARKERS = (
    *("tox.ini", "mypy.ini", "pytest.ini", ".pylintrc", ".flake8"),
    *("LICENSE", "LICENSE.txt", "LICENSE.md", "COPYING"),
)


def _boundary(directory: Path) -> bool:
    return any((directory / marker).exists() for marker in REPOSITORY_MARKERS) or any(
        (directory / marker).is_file()
        for marker in (*PROJECT_MARKERS, *DEPLOY_MARKERS, *TOOL_MARKERS)
    )


def project_root(path: Path) -> Path | None:
    """The project a named `path` (absolute) is part of, when it lies inside a package;
    None when the named path is its own import root (nothing more to read)."""
    named = path if path.is_dir() else path.parent
    top = import_root(path)
    if top == named or any(_skipped(d) for d in (named, *named.parents) if d.is_relative_to(top)):
        return None
    for candidate in (top, *top.parents):
        if any((candidate / marker).is_file() for marker in PROJECT_MARKERS):
            return candidate
        if _skipped(candidate.parent):
            break  # discovery from above would not come down here
    return top


def _skipped(directory: Path) -> bool:
    return directory.name in DEFAULT_EXCLUDED_DIRS or directory.name.endswith(".egg-info")


def context_roots(paths: Sequence[Path]) -> list[Path]:
    """The project directories to read besides the named `paths` (absolute), deduplicated:
    none when every named path is its own import root."""
    roots = {root for path in paths if (root := project_root(path)) is not None}
    return sorted(r for r in roots if not any(r != o and r.is_relative_to(o) for o in roots))


def common_root(directories: Sequence[Path]) -> Path:
    return Path(os.path.commonpath(directories)) if len(directories) > 1 else directories[0]
