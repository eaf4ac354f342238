"""The text of the project's modules, line by line, read once each: for the few judgements
the summary keeps no fact for (a statement's enclosing blocks and the tests they make, a
flag reset between a `def` and a call, the line where a property is read)."""

from __future__ import annotations

import re
from pathlib import Path

_OPENERS = "([{"
_CLOSERS = ")]}"
_MAX_HEADER_LINES = 30  # a block header split over more lines than this is not joined


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
        401:`), innermost first, up to the function's `def` at line `first` (`headers`)."""
        return [text for _number, text in self.headers(path, first, line)]

    def headers(self, path: str, first: int, line: int) -> list[tuple[int, str]]:
        """(first line, text) of the headers of the blocks around `line`, innermost first, up
        to the function's `def` at line `first` (`statement_and_headers`)."""
        return self.statement_and_headers(path, first, line)[1]

    def statement_and_headers(
        self, path: str, first: int, line: int
    ) -> tuple[int, list[tuple[int, str]]]:
        """(the first line of the statement `line` is in, the (first line, text) of the
        headers of the blocks around it, innermost first, up to the function's `def` at
        line `first`): each nearer statement above it indented less than the last one
        found. A header split over lines inside brackets (`if (\\n a\\n and b\\n):`) is
        given whole, its lines joined; a line inside such a header is that statement's."""
        lines = self.of(path)
        if not 0 < line <= len(lines) or line <= first:
            return line, []
        indent = _indent(lines[line - 1])
        statement = line
        found: list[tuple[int, str]] = []
        number = line - 1
        while number > first and indent > 0:
            text = lines[number - 1]
            if not text.strip() or text.lstrip().startswith("#") or _indent(text) >= indent:
                number -= 1
                continue
            start = self.statement_start(path, number)
            indent = _indent(lines[start - 1])
            joined, end = self.logical_span(path, start)
            if end >= line and not found:
                statement = start  # (a continuation line: of a split `if (` test, too)
            else:
                found.append((start, joined))
            number = start - 1
        return statement, found

    def attribute_read(self, path: str, first: int, attr: str) -> int | None:
        """The first line of the function defined at line `first` that reads `.attr`
        without calling it (a property's getter runs there), or None."""
        lines = self.of(path)
        if not 0 < first <= len(lines):
            return None
        margin = _indent(lines[first - 1])
        read = re.compile(rf"\.{re.escape(attr)}\b(?!\s*\()")
        for number in range(first + 1, len(lines) + 1):
            text = lines[number - 1]
            if text.strip() and not text.lstrip().startswith("#"):
                header = text.lstrip().startswith((")", "@", "def ", "async def "))
                if _indent(text) <= margin and not header:
                    return None  # (the function ended)
                if read.search(text):
                    return number
        return None

    def statement_start(self, path: str, number: int) -> int:
        """The line where the statement that line `number` closes begins: `number` itself,
        unless that line starts by closing a bracket opened above (`):` under `if (`)."""
        lines = self.of(path)
        if not lines[number - 1].lstrip().startswith(tuple(_CLOSERS)):
            return number
        depth = 0
        for above in range(number, max(number - _MAX_HEADER_LINES, 0), -1):
            depth += _depth(lines[above - 1])
            if depth >= 0 and above < number:
                return above
        return number

    def logical_line(self, path: str, number: int) -> str:
        """Line `number` with the lines its open brackets run on to joined to it (`if (` …
        `):` → `if (a and b):`), keeping its indentation."""
        return self.logical_span(path, number)[0]

    def logical_span(self, path: str, number: int) -> tuple[str, int]:
        """(`logical_line`, the number of the last line it joins)."""
        lines = self.of(path)
        text = lines[number - 1].rstrip()
        depth = _depth(text)
        parts = [text]
        last = min(len(lines), number + _MAX_HEADER_LINES)
        at = number
        while depth > 0 and at < last:
            at += 1
            piece = lines[at - 1].strip()
            depth += _depth(piece)
            parts.append(piece)
        if depth != 0:
            return text, number
        joined = parts[0]
        for piece in parts[1:]:
            if not joined.endswith(tuple(_OPENERS)) and not piece.startswith(tuple(_CLOSERS)):
                joined += " "
            joined += piece
        return joined, at


def _depth(text: str) -> int:
    """How many more brackets `text` opens than it closes, outside strings and comments."""
    depth = 0
    quote = ""
    for char in text:
        if quote:
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "#":
            break
        elif char in _OPENERS:
            depth += 1
        elif char in _CLOSERS:
            depth -= 1
    return depth


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())
