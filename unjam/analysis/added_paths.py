"""Folders a program of the project puts on `sys.path` itself: a launcher that appends a
checkout the repository keeps (`sys.path.append(os.path.join(script_path,
"repositories/Engine"))` in main.py, then `import modules.config` from the checkout's
modules/), or an image that sets `PYTHONPATH` to it. A module missing from every folder the
analyser knows is on `sys.path`, but present in such a folder, imports (missing_names.py).

Read as text, not as values: the folder's own name, on a line that changes the path or that
binds a name such a line uses, is taken to be that folder (a Celery app named after it in a
file that puts the repository's root on the path is not). The files read are those in the
folder's parents and the importer's (where launchers and images sit), so a hack anywhere
else is not seen: the import is then judged as before.
"""

from __future__ import annotations

import re
from pathlib import Path

from unjam.analysis.declared_versions import any_file_text

_PATH_WORDS = ("sys.path", "addsitedir", "pythonpath")
_NAME = re.compile(r"[a-z_][a-z0-9_]*")
_BINDS = re.compile(r"\s*([a-z_][a-z0-9_]*)\s*=[^=]")
_FILES = ("*.py", "Dockerfile*", "*.dockerfile", "docker-compose*", "compose*.y*ml", ".env*")


class AddedPaths:
    """Which folders some file says it puts on the path, each asked once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.known: dict[tuple[str, str], bool] = {}

    def added(self, folder: str, importer: str) -> bool:
        """Whether `folder` (relative, ending in "/") is put on `sys.path` by a file in one
        of its parents or the parents of the module `importer` (a relative path)."""
        key = (folder, importer.rpartition("/")[0])
        known = self.known.get(key)
        if known is None:
            known = self.known[key] = bool(folder) and self._named(folder, key[1])
        return known

    def _named(self, folder: str, importer_folder: str) -> bool:
        name = folder.rstrip("/").rpartition("/")[2].lower()
        word = re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w-])")
        bases = dict.fromkeys(
            [*_parents(folder.rstrip("/")), importer_folder, *_parents(importer_folder)]
        )
        return any_file_text(self.root, list(bases), _FILES, lambda text: _puts_on_path(text, word))


def _puts_on_path(text: str, word: re.Pattern[str]) -> bool:
    """Whether a line of `text` (lower-cased) that changes the path names the folder, or
    binds a name such a line uses: `engine = os.path.join(here, "vendor", "engine")` before
    `sys.path.append(engine)`; `ENV PYTHONPATH=/srv:/srv/vendor/engine`."""
    lines = text.splitlines()
    changing = {line for line in lines if any(w in line for w in _PATH_WORDS)}
    if not changing:
        return False
    used = {name for line in changing for name in _NAME.findall(line)}
    for line in lines:
        if word.search(line) is None:
            continue
        bound = _BINDS.match(line)
        if line in changing or (bound is not None and bound.group(1) in used):
            return True
    return False


def _parents(path: str) -> list[str]:
    """The folders above `path` (relative, "" the root), nearest first, "" last."""
    parts = path.split("/") if path else []
    return ["/".join(parts[:n]) for n in range(len(parts) - 1, -1, -1)]
