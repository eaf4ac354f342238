"""`# unjam: ignore[CODE]` comments: drop the findings a user has reviewed and accepted.

A comment suppresses a finding when it sits on the finding's own line (the blocking call), or
on the header of the finding's entry point (its `def` line, a decorator line or any line of a
multi-line signature) — which silences that code for everything reached from that endpoint.
`# unjam: ignore` with no codes silences every code. Comments are found with `tokenize`, so
text inside strings never counts.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from unjam.model import Finding

_DIRECTIVE = re.compile(r"#\s*unjam:\s*ignore\b(?:\[(?P<codes>[^\]]*)\])?", re.IGNORECASE)
ALL_CODES: frozenset[str] = frozenset({"*"})


@dataclass
class FileSuppressions:
    """The suppression comments of one file: line number → codes (`ALL_CODES` for bare)."""

    lines: dict[int, frozenset[str]] = field(default_factory=dict)
    source: str = ""
    _tree: ast.Module | None = None

    def covers(self, line: int, code: str) -> bool:
        codes = self.lines.get(line)
        return codes is not None and any(c == "*" or code.startswith(c) for c in codes)

    def header_lines(self, line: int) -> range:
        """Lines of the decorators and signature of the definition at (or decorated at) line."""
        if self._tree is None:
            try:
                self._tree = ast.parse(self.source)
            except (SyntaxError, ValueError):
                return range(line, line + 1)
        for node in ast.walk(self._tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            starts = [d.lineno for d in node.decorator_list] + [node.lineno]
            if line in starts:
                first_body = node.body[0].lineno if node.body else node.lineno
                last = max(node.lineno, first_body - 1)
                return range(min(starts), last + 1)
        return range(line, line + 1)


def parse_suppressions(source: str) -> FileSuppressions:
    """Find every `# unjam: ignore[...]` comment in `source`."""
    found = FileSuppressions(source=source)
    if "unjam" not in source:
        return found
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return found
    for token in tokens:
        if token.type != tokenize.COMMENT:
            continue
        match = _DIRECTIVE.search(token.string)
        if not match:
            continue
        raw = match.group("codes")
        codes = (
            ALL_CODES
            if raw is None
            else frozenset(c.strip().upper() for c in raw.split(",") if c.strip())
        )
        line = token.start[0]
        previous = found.lines.get(line)
        found.lines[line] = (
            ALL_CODES if ALL_CODES in (codes, previous) else codes | (previous or frozenset())
        )
    return found


@dataclass(frozen=True)
class UnusedSuppression:
    """A `# unjam: ignore` comment (or some of its codes) that silenced nothing."""

    path: str
    line: int
    codes: tuple[str, ...]  # ("*",) for a bare comment

    def to_json(self) -> dict:
        return {"path": self.path, "line": self.line, "codes": list(self.codes)}


class Suppressor:
    """Decides, finding by finding, whether a comment in the checked tree silences it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._files: dict[str, FileSuppressions] = {}
        self.used: set[tuple[str, int, str]] = set()  # (path, comment line, code or "*")

    def _for(self, relative: str) -> FileSuppressions:
        if relative not in self._files:
            try:
                source = (self.root / relative).read_text(encoding="utf-8", errors="replace")
            except OSError:
                source = ""
            self._files[relative] = parse_suppressions(source)
        return self._files[relative]

    def _use(self, path: str, line: int, code: str) -> bool:
        codes = self._for(path).lines.get(line)
        if codes is None:
            return False
        for listed in codes:
            if listed == "*" or code.startswith(listed):
                self.used.add((path, line, listed))
                return True
        return False

    def suppressed(self, finding: Finding) -> bool:
        code = finding.code
        if self._use(finding.location.path, finding.location.line, code):
            return True
        entry = finding.entry
        if not entry.path or entry.line <= 0:
            return False
        entry_file = self._for(entry.path)
        if not entry_file.lines:
            return False
        return any(
            self._use(entry.path, line, code) for line in entry_file.header_lines(entry.line)
        )

    def unused(self, relative_paths: Iterable[str], enabled) -> list[UnusedSuppression]:
        """Comments in these files that silenced nothing, for codes that are enabled.

        Reads every file (only done when the user asks for unused suppressions).
        """
        found = []
        for path in relative_paths:
            for line, codes in sorted(self._for(path).lines.items()):
                idle = tuple(
                    sorted(
                        c
                        for c in codes
                        if (path, line, c) not in self.used and (c == "*" or enabled(c))
                    )
                )
                if idle:
                    found.append(UnusedSuppression(path, line, idle))
        return found


def split_suppressed(
    findings: Iterable[Finding], root: Path, suppressor: Suppressor | None = None
) -> tuple[list[Finding], int]:
    """The findings no comment silences, and how many were silenced."""
    suppressor = suppressor or Suppressor(root)
    kept: list[Finding] = []
    silenced = 0
    for finding in findings:
        if suppressor.suppressed(finding):
            silenced += 1
        else:
            kept.append(finding)
    return kept, silenced
