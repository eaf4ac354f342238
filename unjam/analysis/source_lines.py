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
