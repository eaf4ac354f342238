"""The repository's own files beyond its Python modules, read as a reader of the repository
would: which files of some kinds it holds, anywhere (a Dockerfile in `docker/`, a compose file
at the top), and which of some words they name. A repository too large to walk, or a file that
cannot be read, answers as if it held and named everything (the callers then claim nothing).
"""

from __future__ import annotations

import os
import re
from fnmatch import translate
from pathlib import Path

from unjam.analysis.declared_versions import decoded
from unjam.analysis.discovery import DEFAULT_EXCLUDED_DIRS

_MAX_FILES = 20_000  # files matched in one repository before giving up
_MAX_READ = 2_000_000  # bytes read of one file


def files_matching(root: Path, patterns: tuple[str, ...], first: bool = False) -> list[str] | None:
    """The paths of the files under `root` whose names match one of `patterns` (globs), in
    walking order (`first`: only the first found), leaving out hidden folders and those
    discovery never enters; None when there are too many to read."""
    matches = re.compile("|".join(translate(pattern) for pattern in patterns)).match
    found: list[str] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in DEFAULT_EXCLUDED_DIRS and d[0] != ".")
        for name in sorted(files):
            if matches(name):
                found.append(os.path.join(folder, name))
                if first:
                    return found
                if len(found) > _MAX_FILES:
                    return None
    return found


def words_named(
    root: Path,
    patterns: tuple[str, ...],
    words: set[str],
    skipped: frozenset[str] = frozenset(),
    whole: bool = True,
    enough: int = 0,
) -> set[str]:
    """The `words` that some file matching `patterns` (other than the paths `skipped`) names,
    in any case (`whole`: as a word of its own, `main_fast` in `python main_fast.py` but not in
    `main_fast2`); `enough`: stop once that many are found (all of them, by default)."""
    paths = files_matching(root, patterns)
    if paths is None:
        return set(words)
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
        if len(found) == (enough or len(words)):
            break
    return found


def _text(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            return decoded(handle.read(_MAX_READ)).lower()
    except OSError:
        return None
