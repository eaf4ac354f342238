"""One `unjam check` run, from command-line arguments to a `CheckReport`.

The steps, in order: read `[tool.unjam]` and the overrides, discover the files (and, when a
named path lies inside a package, the rest of its project for context: `roots.py`), run the
engine, keep the findings and diagnostics of the named files, keep the selected codes, drop
what `# unjam: ignore` comments silence. Any failure that is not the user's fault becomes a
one-line "internal error" (exit 2) instead of a traceback, because a traceback's exit status
(1) would read as "findings" to a CI job.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from unjam.analysis.config import CheckConfig, load_config
from unjam.analysis.discovery import Discovered, discover, named_path, vendored_paths
from unjam.analysis.output import CheckReport
from unjam.analysis.roots import common_root, context_roots
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
    project_context: bool = True,
) -> CheckReport:
    """`project_context`: a named path inside a package is analysed with the rest of its
    project (`roots.py`); False analyses the named paths alone."""
    named = [named_path(path) for path in paths]  # exit 3 for a missing or non-Python path
    config = load_config(
        paths[0],
        config_file,
        select=select or None,
        extend_select=extend_select,
        ignore=ignore,
        exclude=exclude,
        respect_gitignore=respect_gitignore,
    )
    found = _discover(named, config)
    contexts = context_roots(named) if project_context else []
    context = _discover(contexts, config) if contexts else None
    root = common_root([found.root, *contexts])
    files = sorted({*found.paths, *context.paths}) if context else found.paths
    held_back = sorted({*found.held_back, *context.held_back}) if context else found.held_back
    cache = _usable_cache_dir(cache_dir or root / CACHE_DIR_NAME) if use_cache else None

    try:
        from unjam.analysis.engine import analyze
        from unjam.analysis.target import target_version

        result = analyze(
            root,
            files,
            extra_catalogue=config.blocking,
            cache_dir=cache,
            max_file_size=config.max_file_size,
            target=target_version(root),
            held_back=held_back,
        )
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

    findings, unparsed = result.findings, [(str(p), str(r)) for p, r in result.unparsed]
    notes = result.notes
    vendored = vendored_paths(config.vendored, root)
    findings = [f for f in findings if not vendored(f.entry.path)]
    if context is not None:  # report on the named files only
        mine = set(_relative([*found.paths, *found.held_back], root))
        findings = [f for f in findings if f.location.path in mine]
        unparsed = [(p, r) for p, r in unparsed if p in mine or p.startswith("(")]
        notes = [note for note in notes if note[0] in mine]
    unparsed += [(_relative([path], root)[0], reason) for path, reason in found.skipped]
    selected = [f for f in findings if config.enabled(f.code)]
    suppressor = Suppressor(root)
    kept, silenced = split_suppressed(selected, root, suppressor)
    unused = None
    if warn_unused_ignores:
        unused = tuple(suppressor.unused(_relative(found.paths, root), config.enabled))
    return CheckReport(
        root=root,
        findings=tuple(kept),
        files=len(found.paths) + len(found.skipped),
        unparsed=tuple(sorted(unparsed)),
        seconds=result.seconds,
        suppressed=silenced,
        selected=config.enabled_codes(),
        unused_suppressions=unused,
        context_files=len(files) - len(found.paths),
        notes=tuple(notes),
    )


def _discover(paths: Sequence[Path], config: CheckConfig) -> Discovered:
    return discover(
        paths,
        config.exclude,
        respect_gitignore=config.respect_gitignore,
        test_code=config.unserved,
    )


def _relative(paths: Sequence[str], root: Path) -> list[str]:
    """Absolute paths as the engine names them: relative to `root`, with `/`."""
    return [os.path.relpath(p, root).replace(os.sep, "/") for p in paths]


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
