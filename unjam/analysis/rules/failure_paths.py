"""Whether a line runs only when an upstream answered with an error: under `if r.status_code
== 401:` (a retry after refreshing an expired token), `if not resp.ok:`, `if r.status_code >=
500:`. A client built there is built when a call failed, as one in an `except` handler is,
not on every request (UJ003). The summary records tests of parameters only, so the enclosing
blocks are read from the function's text (source_lines.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from unjam.analysis.source_lines import SourceLines

if TYPE_CHECKING:
    from unjam.analysis.project import Func

_IF = r"^\s*(?:el)?if\s+(?!.*\bor\b)"
_FAILED = re.compile(
    _IF
    + r".*\bstatus(?:_code)?\s*(?:==\s*[45]\d\d|!=\s*2\d\d|>=?\s*[345]\d\d|in\s*[(\[{]\s*[45]\d\d)"
    "|" + _IF + r"not\s+[\w.]+\.(?:ok|is_success)\s*:"
    "|" + _IF + r".*\.(?:is_error|is_client_error|is_server_error)\b"
)


class FailurePaths:
    def __init__(self, root: Path | None) -> None:
        self.lines = SourceLines(root)
        self._judged: dict[tuple[str, int, int], bool] = {}  # (path, def line, line) → verdict

    def after_failure(self, func: Func, line: int) -> bool:
        """Whether `line` of `func` sits in a block that runs only on an error status."""
        key = (func.mod.path, func.fd.line, line)
        found = self._judged.get(key)
        if found is None:
            enclosing = self.lines.enclosing(func.mod.path, func.fd.line, line)
            found = self._judged[key] = any(_FAILED.match(text) for text in enclosing)
        return found
