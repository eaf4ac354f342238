"""Whether a call is made while its function holds a threading lock (`with _jobs_lock:`).

UJ001's usual fix for a sync function an async one calls is to await it in a worker thread
where it is called. Inside `with _jobs_lock:` that fix holds the lock across the await: a
request that takes the lock on the loop meanwhile blocks the loop (a `Lock`: until the
worker is done; the owner's own re-entry of an `RLock` passes and changes what the worker is
reading). The fix that fits moves the whole locked block into the thread. The summary keeps
no `with` statement without `as`, so the enclosing blocks are read from the function's text.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from unjam.analysis.source_lines import SourceLines

if TYPE_CHECKING:
    from unjam.analysis.project import Func, Project

_WITH = re.compile(r"\s*(?:async\s+)?with\s+(.+?):\s*(?:#.*)?$")
_ITEM = re.compile(r"\s*([A-Za-z_][\w.]*)\s*(?:as\s+\w+\s*)?$")
_LOCKS = frozenset({("inst", "threading.Lock"), ("obj", "threading.Lock")})


class HeldLocks:
    def __init__(self, project: Project, root: Path | None) -> None:
        self.p = project
        self.lines = SourceLines(root)

    def around(self, func: Func, line: int) -> str | None:
        """The threading lock (as written) a `with` statement of `func` holds at `line`."""
        for text in self.lines.enclosing(func.mod.path, func.fd.line, line):
            held = self._lock_in(func, text)
            if held is not None:
                return held
        return None

    def _lock_in(self, func: Func, text: str) -> str | None:
        header = _WITH.match(text)
        if header is None:
            return None
        for item in header.group(1).split(","):
            name = _ITEM.match(item)
            if name is None:
                continue
            ref: tuple = ("name", name.group(1).split(".")[0])
            for attr in name.group(1).split(".")[1:]:
                ref = ("attr", ref, attr)
            if self.p.value_of(func, ref) in _LOCKS:
                return name.group(1)
        return None
