"""The text of the project's modules, line by line, read once each: for the few judgements
the summary keeps no fact for (a statement's enclosing `with` blocks, a flag reset between
a `def` and a call)."""

from __future__ import annotations

from pathlib import Path


class SourceLines:
    def __init__(self, root: Path | None) -> None:
        self.root = root
        self._lines: dict[str, list[str]] = {}  # module path → its lines

    def of(self, path: str) -> list[str]:
        """The module's lines ([] when unreadable, or with no root to read from)."""
        lines = self._lines.get(path)
        if lines is None:
            text = ""
            if self.root is not None:
                try:
                    text = (self.root / path).read_text(encoding="utf-8", errors="replace")
                except OSError:
                    text = ""
            lines = self._lines[path] = text.splitlines()
        return lines

    def enclosing(self, path: str, first: int, line: int) -> list[str]:
        """The headers of the blocks around `line` (`with _lock:`, `if r.status_code ==
        401:`), innermost first, up to the function's `def` at line `first`: each nearer line
        above it indented less than the last one found."""
        lines = self.of(path)
        if not 0 < line <= len(lines) or line <= first:
            return []
        indent = _indent(lines[line - 1])
        if indent == 0:
            return []  # (at the margin: no block holds it)
        found = []
        for number in range(line - 1, first, -1):
            text = lines[number - 1]
            if not text.strip() or text.lstrip().startswith("#") or _indent(text) >= indent:
                continue
            indent = _indent(text)
            found.append(text)
            if indent == 0:
                break  # (a statement at the margin: nothing above encloses it)
        return found


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())
