"""The extras of a pyproject.toml that the repository's deployment installs (`poetry install
-E pgsql` in a Dockerfile, `pip install ".[postgres]"`, `uv sync --extra pg`,
`--all-extras`): a package only an extra names is installed where an image installs that
extra, wherever in the repository the Dockerfile sits (docker/Dockerfile is common)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from unjam.analysis.declared_versions import decoded
from unjam.analysis.repository_files import files_matching

_INSTALLING = re.compile(
    r"""(?:\s-E\s*|--extras?[\s=]+)["']?([\w.,\s-]+?)["']?(?=\s--|\s-\w|\s*(?:&&|;|\\|$))"""
    r"""|[\w./-]\[([\w.,\s-]+)\]""",
    re.MULTILINE,
)
_ALL = "--all-extras"


def deployed_extra_names(root: Path, deployments: tuple[str, ...], pyproject: Path) -> list[str]:
    """The requirement names the extras of `pyproject` that a deployment file under `root`
    installs bring in (lower-cased, as written: `psycopg2-binary`)."""
    extras = _extras(pyproject)
    if not extras:
        return []
    wanted: set[str] = set()
    for path in files_matching(root, deployments) or ():
        try:
            text = decoded(Path(path).read_bytes()[:200_000])
        except OSError:
            continue
        if _ALL in text:
            return [name for names in extras.values() for name in names]
        for match in _INSTALLING.finditer(text):
            given = match.group(1) or match.group(2) or ""
            wanted.update(part for part in re.split(r"[\s,]+", given) if part)
    return [name for extra in sorted(wanted) for name in extras.get(extra.lower(), ())]


def _extras(pyproject: Path) -> dict[str, list[str]]:
    """Each extra's requirement names: `[project.optional-dependencies]` and poetry's
    `[tool.poetry.extras]`."""
    try:
        data = tomllib.loads(decoded(pyproject.read_bytes()))
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    project = data.get("project")
    poetry = data.get("tool", {}).get("poetry") if isinstance(data.get("tool"), dict) else None
    found: dict[str, list[str]] = {}
    for table in (
        project.get("optional-dependencies") if isinstance(project, dict) else None,
        poetry.get("extras") if isinstance(poetry, dict) else None,
    ):
        if isinstance(table, dict):
            for extra, requirements in table.items():
                if isinstance(requirements, list):
                    names = [requirement_name(r) for r in requirements if isinstance(r, str)]
                    found.setdefault(str(extra).lower(), []).extend(names)
    return found


def requirement_name(requirement: str) -> str:
    """`psycopg2-binary` of `psycopg2-binary>=2.9; python_version < "3.13"`, lower-cased."""
    return re.split(r"[\s\[<>=!~;(@]", requirement.strip(), maxsplit=1)[0].lower()
