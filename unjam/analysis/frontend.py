"""One `unjam check` run, from command-line arguments to a `CheckReport`.

The steps, in order: read `[tool.unjam]` and the overrides, discover the files, run the engine,
keep the selected codes, drop what `# unjam: ignore` comments silence. Any failure that is not
the user's fault becomes a one-line "internal error" (exit 2) instead of a traceback, because a
traceback's exit status (1) would read as "findings" to a CI job.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from unjam.analysis.config import load_config
from unjam.analysis.discovery import discover
from unjam.analysis.output import CheckReport
from unjam.analysis.suppressions import Suppressor, split_suppressed
from unjam.errors import UserError

CACHE_DIR_NAME = ".unjam-cache"


def run_check(
    paths: Sequence[Path],
    *,
    config_file: Path | None = None,
    select: Sequence[str] = (),
    extend_select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    exclude: Sequence[str] = (),
    respect_gitignore: bool | None = None,
    cache_dir: Path | None = None,
    use_cache: bool = True,
    warn_unused_ignores: bool = False,
) -> CheckReport:
    for path in paths:
        if not path.exists():
            raise UserError(f"path {path} does not exist; pass a file or directory to check")
    config = load_config(
        paths[0],
        config_file,
        select=select or None,
        extend_select=extend_select,
        ignore=ignore,
        exclude=exclude,
        respect_gitignore=respect_gitignore,
    )
    found = discover(paths, config.exclude, respect_gitignore=config.respect_gitignore)
    root = found.root
    cache = _usable_cache_dir(cache_dir or root / CACHE_DIR_NAME) if use_cache else None

    try:
        from unjam.analysis.engine import analyze

        result = analyze(root, found.paths, extra_catalogue=config.blocking, cache_dir=cache)
    except UserError:
        raise
    except RecursionError:
        raise UserError(
            "internal error: the analyzer ran out of stack on this code; please report it "
            "(rerun with --no-cache and narrow the paths to find the file)"
        ) from None
    except Exception as err:
        if os.environ.get("UNJAM_DEBUG"):
            raise
        raise UserError(
            f"internal error: {type(err).__name__}: {err}; this is a bug in unjam — please "
            "report it (set UNJAM_DEBUG=1 to see the traceback)"
        ) from None

    selected = [f for f in result.findings if config.enabled(f.code)]
    suppressor = Suppressor(root)
    kept, silenced = split_suppressed(selected, root, suppressor)
    unused = None
    if warn_unused_ignores:
        relative = [os.path.relpath(f, root).replace(os.sep, "/") for f in found.paths]
        unused = tuple(suppressor.unused(relative, config.enabled))
    return CheckReport(
        root=root,
        findings=tuple(kept),
        files=result.files,
        unparsed=tuple((str(p), str(r)) for p, r in result.unparsed),
        seconds=result.seconds,
        suppressed=silenced,
        selected=config.enabled_codes(),
        unused_suppressions=unused,
    )


def _usable_cache_dir(path: Path) -> Path | None:
    """`path` if the cache can live there; None (no cache) on a read-only tree.

    Like ruff's cache, the directory ignores itself (a `.gitignore` of `*`), so users need not
    add it to their own `.gitignore`.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
        marker = path / ".gitignore"
        if not marker.exists():
            marker.write_text("# Created by unjam: the cache is never committed.\n*\n")
    except OSError:
        return None
    return path if os.access(path, os.W_OK) else None
