"""The tests a finding's path runs under, as written: the `if`, `elif`, `else`, `except` and
`case` blocks around each call from the entry point down to the blocking one.

A finding says where the loop blocks; whether that matters to a user depends as much on
when it happens. A read guarded by `if agent.save_response_to_file:` (off by default), a
client built only `if media_id:`, a download run only in `if settings.dev_mode:` — each is
true, and each is a different fix (or none) for the service at hand. The message cannot
judge such tests (most read configuration or request data unjam does not know), so it names
them, and the user decides.

Read from the source text (each module once), not from the summary: only the headers of
the blocks that enclose a line, innermost first, inside the function that makes the call.
A header split over lines (`if (a\n and b):`) is not read, and is left out rather than
shown in part.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from unjam.analysis.source_lines import SourceLines
from unjam.model import Finding

_MAX_SHOWN = 4  # the innermost tests along the path; more are counted, not listed
_MAX_TEXT = 80  # characters of one test
_HEADER = re.compile(r"(if|elif|except|case)\b\s*(.*?)\s*:\s*(#.*)?$")
_ELSE = re.compile(r"else\s*:\s*(#.*)?$")


class PathConditions:
    def __init__(self, root: Path | None) -> None:
        self.lines = SourceLines(root)
        self._found: dict[tuple, list[dict]] = {}  # chain → of_chain

    def add_to(
        self, findings: list[Finding], def_lines: Mapping[tuple, tuple[int, ...]]
    ) -> list[Finding]:
        """The findings, each with `details["conditions"]` when its path runs under tests;
        `def_lines`: a chain → the `def` line of each function step on it."""
        out = []
        for finding in findings:
            found = self.of_chain(finding.chain, def_lines.get(finding.chain, ()))
            if found:
                finding = replace(finding, details={**finding.details, "conditions": found})
            out.append(finding)
        return out

    def of_chain(self, chain: tuple, def_lines: tuple[int, ...]) -> list[dict]:
        """{path, line, test} of each test on the path `chain`, from the entry down;
        `def_lines`: the `def` line of each function step (the blocking call, last, has
        none). Asked once for UJ003's wording and once for the details: kept."""
        known = self._found.get(chain)
        if known is not None:
            return known
        found: list[dict] = []
        for step, first in zip(chain, def_lines, strict=False):  # (the call: no def)
            inner = []
            for number, text in self._headers(step.path, first, step.line):
                above = self._if_above(step.path, number) if _ELSE.match(text) else None
                test = _test(text, above[1] if above is not None else None)
                if test is None:
                    break  # (a header not read: the tests outside it are not either)
                if test:
                    at = above[0] if above is not None else number
                    inner.append({"path": step.path, "line": at, "test": test})
            found.extend(reversed(inner))
        self._found[chain] = found
        return found

    def innermost_test(self, path: str, line: int) -> str | None:
        """The test of the innermost `if`, `elif` or `else` around `line` (in a function or
        the module body; `with`, `for`, `try` and `except` blocks between are passed), as
        `of_chain` reads it: None when there is none, or its header is not read."""
        for number, text in self._headers(path, 0, line):
            above = self._if_above(path, number) if _ELSE.match(text) else None
            test = _test(text, above[1] if above is not None else None)
            if test is None:
                return None
            if test and not test.startswith("except"):
                return test
        return None

    def _headers(self, path: str, first: int, line: int) -> list[tuple[int, str]]:
        """(line, text) of the headers of the blocks around `line`, innermost first."""
        lines = self.lines.of(path)
        headers = self.lines.enclosing(path, first, line)
        out = []
        at = line
        for text in headers:
            at = _line_above(lines, at, text)
            out.append((at, text.strip()))
        return out

    def _if_above(self, path: str, number: int) -> tuple[int, list[str]] | None:
        """(line of the `if`, the headers of it and of its `elif`s, in order) an `else:` at
        `number` belongs to; (line, []) for the `else` of a `for`, `while` or `try` (no
        test); None when not found."""
        lines = self.lines.of(path)
        if not 0 < number <= len(lines):
            return None
        indent = _indent(lines[number - 1])
        elifs: list[str] = []
        for above in range(number - 1, 0, -1):
            text = lines[above - 1]
            if not text.strip() or text.lstrip().startswith("#") or _indent(text) > indent:
                continue
            if _indent(text) < indent:
                return None
            stripped = text.strip()
            if stripped.startswith(("if ", "if(")):
                return above, [stripped, *reversed(elifs)]
            if stripped.startswith(("for ", "async for ", "while ", "try:")):
                return above, []
            if stripped.startswith("elif"):
                elifs.append(stripped)
            elif not stripped.startswith("except"):
                return None
        return None


def _test(header: str, chain: list[str] | None) -> str | None:
    """The test a block header adds ("" for one that tests nothing: `with`, `for`, `try`),
    or None for one not read (a continuation line, an `else` whose `if` is not found); an
    `else` is given the headers of its `if` and `elif`s (`chain`)."""
    if _ELSE.match(header):
        if not chain:
            return None if chain is None else ""
        tests = [_test(branch, None) for branch in chain]
        if not all(tests):
            return None
        return _short(" and ".join(f"not ({test})" for test in tests))
    match = _HEADER.match(header)
    if match is None:
        keyword = header.split(None, 1)[0].rstrip(":") if header else ""
        return "" if keyword in _PLAIN_BLOCKS else None
    kind, test = match.group(1), match.group(2)
    if kind == "except":
        return f"except {test}" if test else "except"
    if kind == "case":
        return f"case {_short(test)}"
    return _short(test)


_PLAIN_BLOCKS = frozenset(
    {"with", "async", "for", "while", "try", "finally", "def", "class", "match"}
)


def _short(text: str) -> str:
    return text if len(text) <= _MAX_TEXT else text[: _MAX_TEXT - 1] + "…"


def _line_above(lines: list[str], below: int, text: str) -> int:
    for number in range(below - 1, 0, -1):
        if lines[number - 1] == text:
            return number
    return below


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


def conditions_text(conditions: list[dict]) -> str:
    """`when: a (x.py:3); not (b) (y.py:9)`: the tests, innermost last, at most a few."""
    shown = conditions[-_MAX_SHOWN:]
    parts = [f"`{c['test']}` ({c['path']}:{c['line']})" for c in shown]
    more = len(conditions) - len(shown)
    return ("… " if more else "") + "; ".join(parts)
