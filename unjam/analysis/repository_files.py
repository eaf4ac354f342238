"""The repository's own files beyond its Python modules, read as a reader of the repository
would: which files of some kinds it holds, anywhere (a Dockerfile in `docker/`, a compose file
at the top), and which of some words they name. A repository too large to walk, or a file that
cannot be read, answers as if it held and named everything (the callers then claim nothing).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from fnmatch import translate
from pathlib import Path

from unjam.analysis.declared_versions import decoded
from unjam.analysis.discovery import DEFAULT_EXCLUDED_DIRS

_MAX_FILES = 20_000  # files matched in one repository before giving up
_MAX_READ = 2_000_000  # bytes read of one file


def files_matching(root: Path, patterns: tuple[str, ...]) -> list[str] | None:
    """The paths of the regular files under `root` whose names match one of `patterns`
    (globs), in walking order, leaving out hidden folders and those discovery never enters;
    None when there are too many to read."""
    matches = _matcher(patterns)
    found: list[str] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in DEFAULT_EXCLUDED_DIRS and d[0] != ".")
        for name in sorted(files):
            path = os.path.join(folder, name)
            if matches(name) and os.path.isfile(path):  # (not a FIFO, which would never end)
                found.append(path)
                if len(found) > _MAX_FILES:
                    return None
    return found


def among(paths: list[str], patterns: tuple[str, ...]) -> list[str]:
    """Those of `paths` whose file names match one of `patterns`."""
    matches = _matcher(patterns)
    return [path for path in paths if matches(os.path.basename(path))]


def words_named(
    root: Path,
    patterns: tuple[str, ...],
    words: set[str],
    skipped: frozenset[str] = frozenset(),
    whole: bool = True,
    stop_at: AbstractSet[str] = frozenset(),
) -> set[str]:
    """The `words` that some file matching `patterns` under `root` names (see `words_in`)."""
    paths = files_matching(root, patterns)
    return set(words) if paths is None else words_in(paths, words, skipped, whole, stop_at)


def words_in(
    paths: list[str],
    words: set[str],
    skipped: frozenset[str] = frozenset(),
    whole: bool = True,
    stop_at: AbstractSet[str] = frozenset(),
) -> set[str]:
    """The `words` that one of the files `paths` (other than those `skipped`) names, in any
    case (`whole`: as a word of its own, `main_fast` in `python main_fast.py` but not in
    `main_fast2`); read no further once one of `stop_at` is found (or all `words` are)."""
    edge = r"(?<![\w-]){}(?![\w-])" if whole else "{}"
    found_in = {word: re.compile(edge.format(re.escape(word.lower()))).search for word in words}
    found: set[str] = set()
    for path in paths:
        if path in skipped:
            continue
        text = _text(path)
        if text is None:
            return set(words)  # (unreadable: it may name them)
        found |= {word for word, search in found_in.items() if word not in found and search(text)}
        if len(found) == len(words) or found & stop_at:
            break
    return found


def _matcher(patterns: tuple[str, ...]) -> Callable[[str], object]:
    """A name test in any case, as docker reads `-f dockerfile` and Heroku a `procfile`."""
    return re.compile("|".join(translate(pattern) for pattern in patterns), re.IGNORECASE).match


def _text(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            return decoded(handle.read(_MAX_READ)).lower()
    except OSError:
        return None
