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
A header split over lines inside brackets (`if (a\n and b):`) is read whole; one that is
not read is left out rather than shown in part.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

from unjam.analysis.source_lines import SourceLines
from unjam.model import Finding

_MAX_SHOWN = 4  # the innermost tests along the path; more are counted, not listed
_MAX_TEXT = 80  # characters of one test
_HEADER = re.compile(r"(if|elif|except|case)\b\s*(.*?)\s*:\s*(#.*)?$")
_ELSE = re.compile(r"else\s*:\s*(#.*)?$")
# an early exit: `if not ready: return`, on one line; in a loop, `continue` or `break`
_INLINE_RETURN = re.compile(r"if\b\s*(.*?)\s*:\s*(return|continue|break|raise)\b")
_RETURN = re.compile(r"(return|continue|break)\b")
_RAISE = re.compile(r"raise\b")
# a feature switch: one value, tested for truth, that names a setting (an upper-case name,
# `config.ENABLE_IMAGE_EDIT`, the configuration or the environment: `os.getenv("X")`), or a
# mode or a feature by its name (`blocks.vibe_mode`, `app.monitoring_enabled`)
_SETTING = re.compile(
    r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b(config|settings|environ|getenv)\b"
    r"|\b\w+_(enabled|mode)\b|\benable_\w+"
)
_ONE_VALUE = re.compile(r"(not\s+)?[^\s,]+$")
# a value read from a setting: `os.environ.get(…)`, `settings.webhook_id`, `config.X`, `FLAG`
_READS_SETTING = re.compile(
    r"\s*(os\.environ|os\.getenv|getenv|environ|[\w.]*\b(settings|config)\.|[A-Z][A-Z0-9_]+\b)"
)


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
        for step, first, callee in zip(chain, def_lines, chain[1:], strict=False):
            tests = self._step_tests(step.path, first, step.line)
            tests += self._operands_before(step.path, step.line, callee.name)
            tests.sort()
            found.extend({"path": step.path, "line": at, "test": test} for at, test in tests)
        self._found[chain] = found
        return found

    def _step_tests(
        self, path: str, first: int, line: int, bare_only: bool = False
    ) -> list[tuple[int, str]]:
        """(line, test) of the tests line `line` of the function defined at `first` runs
        under, in the order the function meets them: the blocks around it, and the early
        exits before it in each of those blocks (`if not enabled: return`, a loop's
        `continue`; with `bare_only`, not one that returns a value)."""
        tests: list[tuple[int, str]] = []
        statement, headers = self.lines.statement_and_headers(path, first, line)
        starts = [statement]  # the statement holding the line, then each header around it
        for number, text in headers:
            at, test = self._header_test(path, number, text)
            if test is None:
                break  # (a header not read: the tests outside it are not either)
            if test:
                tests.append((at, test))
            starts.append(number)
        else:
            starts.append(first)
        for statement, block in pairwise(starts):
            tests.extend(self._early_returns(path, block, statement, bare_only))
        tests.sort()
        return tests

    def _operands_before(self, path: str, line: int, callee: str) -> list[tuple[int, str]]:
        """(line, test) of the operands an `if`'s test evaluates before the one that makes
        the call, when the call sits in the test itself: `if wit_path and not
        wit_path.is_file():` calls `is_file` only when `wit_path` holds; in an `or`, only
        when the operands before it failed."""
        start = self.lines.statement_start(path, line)
        match = _HEADER.match(self.lines.logical_line(path, start).strip())
        if match is None or match.group(1) != "if":
            return []
        test = _unwrapped(match.group(2))
        name = callee.rpartition(".")[2]
        for joint in (" and ", " or "):
            operands = _top_level_split(test, joint)
            at = next((i for i, part in enumerate(operands) if f"{name}(" in part), 0)
            if len(operands) > 1 and at > 0:
                before = operands[:at] if joint == " and " else map(_negated, operands[:at])
                return [(start, _short(part)) for part in before]
        return []

    def _header_test(self, path: str, number: int, text: str) -> tuple[int, str | None]:
        """(line, test) a header at line `number` adds to what runs in its block ("" for
        none, None when not read): an `elif` adds that the tests before it failed, at its
        own line; an `else`, that all of them failed, at the `if`'s line."""
        stripped = text.strip()
        is_else = bool(_ELSE.match(stripped))
        if not is_else and not stripped.startswith("elif"):
            return number, _test(stripped, None)
        above = self._if_above(path, number)
        if above is None:
            return number, None
        if not above[1]:  # (the `else` of a `for`, `while` or `try`)
            return number, "" if is_else else None
        tests = [_test(branch, None) for branch in above[1]]
        own = "" if is_else else _test(stripped, None)
        if not all(tests) or own is None:
            return number, None
        failed = [_negated(test) for test in tests]
        if is_else:
            return above[0], _short(" and ".join(failed))
        return number, _short(" and ".join([*failed, own]))

    def innermost_test(self, path: str, line: int) -> str | None:
        """The test of the innermost `if`, `elif` or `else` around `line` (in a function or
        the module body; `with`, `for`, `try` and `except` blocks between are passed), as
        `of_chain` reads it: None when there is none, or its header is not read."""
        for number, text in self.lines.headers(path, 0, line):
            test = self._header_test(path, number, text)[1]
            if test is None:
                return None
            if test and not test.startswith("except"):
                return test
        return None

    def serving_test(self, path: str, line: int) -> str | None:
        """What `innermost_test` gives, or else the early exit before `line` that it passed
        last (`if consumer is None or not consumer.enabled: return` before an
        `app.include_router(...)`): the test under which the statement at `line` runs. Not
        an exit that returns a value (`if key in APPS: return APPS[key]`, an app factory's
        cache): the app it returns was built by a call that did run the statement."""
        test = self.innermost_test(path, line)
        if test is not None:
            return test
        tests = self._step_tests(path, 0, line, bare_only=True)
        shown = [test for _at, test in tests if not test.startswith("except")]
        return shown[-1] if shown else None

    def _if_above(self, path: str, number: int) -> tuple[int, list[str]] | None:
        """(line of the `if`, the headers of it and of the `elif`s before line `number`, in
        order) an `else:` or `elif` at `number` belongs to; (line, []) for the `else` of a
        `for`, `while` or `try` (no test); None when not found."""
        lines = self.lines.of(path)
        if not 0 < number <= len(lines):
            return None
        indent = _indent(lines[number - 1])
        elifs: list[str] = []
        above = number - 1
        while above > 0:
            text = lines[above - 1]
            if not text.strip() or text.lstrip().startswith("#") or _indent(text) > indent:
                above -= 1
                continue
            if _indent(text) < indent:
                return None
            above = self.lines.statement_start(path, above)
            stripped = self.lines.logical_line(path, above).strip()
            if stripped.startswith(("if ", "if(")):
                return above, [stripped, *reversed(elifs)]
            if stripped.startswith(("for ", "async for ", "while ", "try:")):
                return above, []
            if stripped.startswith("elif"):
                elifs.append(stripped)
            elif not stripped.startswith("except"):
                return None
            above -= 1
        return None

    def _early_returns(
        self, path: str, block: int, statement: int, bare_only: bool = False
    ) -> list[tuple[int, str]]:
        """(line, test) of each `if T: … return` (in a loop, `continue` or `break`) among the
        statements of a block (opened at line `block`) that come before line `statement`,
        the block's statement that leads on: `statement` runs only when `T` failed. An `if`
        with an `elif` or `else`, and a body that does not end so, are passed. So is one
        that ends in `raise`, unless it tests a setting (`if not config.ENABLE_EDIT: raise
        HTTPException(403)`, a feature switch): the checks that refuse a bad request would
        crowd out the tests that choose a path."""
        lines = self.lines.of(path)
        if not 0 < statement <= len(lines):
            return []
        indent = _indent(lines[statement - 1])
        found = []
        number = block + 1
        while number < statement:
            text = lines[number - 1]
            if _indent(text) != indent or not text.lstrip().startswith(("if ", "if(")):
                number += 1
                continue
            header, end = self.lines.logical_span(path, number)
            header = header.strip()
            inline = _INLINE_RETURN.match(header)
            at = number
            if inline is not None:
                number, exits = end + 1, inline.group(2) if _balanced(inline.group(1)) else ""
                if exits == "return" and header[inline.end() :].strip() not in ("", "None"):
                    exits = "value"
                header = f"if {inline.group(1)}:"
            else:
                number, exits = self._returns_at_end(path, end, indent, statement)
            if bare_only and exits == "value":
                exits = ""
            test = _test(header, None) if exits else None
            if test and exits == "raise" and not _switch(test, lines[block:at]):
                test = None
            if test:
                found.append((at, _negated(test)))
        return found

    def _returns_at_end(self, path: str, end: int, indent: int, limit: int) -> tuple[int, str]:
        """(the line after the body of an `if` whose header ends at line `end`, how that body
        ends when it leaves the block with no `elif` or `else` after it: "return" (also
        `continue`, `break`, `return None`), "value" (`return x`), "raise", or "")."""
        lines = self.lines.of(path)
        body_indent = None
        last = end
        at = end + 1
        while at < limit:
            text = lines[at - 1]
            if text.strip() and not text.lstrip().startswith("#"):
                if _indent(text) <= indent:
                    break
                if body_indent is None:
                    body_indent = _indent(text)
                if _indent(text) == body_indent:
                    last = at
            at += 1
        if body_indent is None:
            return at, ""
        if lines[at - 1].strip().startswith(("elif", "else")):
            return at, ""
        ending = lines[self.lines.statement_start(path, last) - 1].strip()
        if _RAISE.match(ending):
            return at, "raise"
        if not _RETURN.match(ending):
            return at, ""
        bare = ending.split("#")[0].strip() in ("return", "return None", "continue", "break")
        return at, "return" if bare else "value"


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
    return _short(_unwrapped(test))


def _unwrapped(test: str) -> str:
    """The test without the parentheses a formatter wraps a split one in (`if (\\n a\\n
    and b\\n):` → `a and b`)."""
    if not (test.startswith("(") and test.endswith(")")):
        return test
    depth = 0
    for at, char in enumerate(test):
        depth += (char == "(") - (char == ")")
        if depth == 0 and at < len(test) - 1:
            return test  # (`(a) and (b)`: two groups)
    return test[1:-1].strip()


_PLAIN_BLOCKS = frozenset(
    {"with", "async", "for", "while", "try", "finally", "def", "class", "match"}
)


def _negated(test: str) -> str:
    """`not (test)`, written as a reader would for the plainest tests: one comparison
    flipped (`x is None` → `x is not None`, `k in seen` → `k not in seen`, `a == b` → `a !=
    b`), `not ready` → `ready`, `ready` → `not ready`."""
    if not _COMPOUND.search(test):
        if test.startswith("not "):  # (`not x == y` is `not (x == y)`)
            return test[4:]
        operators = _COMPARISON.findall(test)
        if len(operators) == 1 and operators[0] in _FLIPPED:
            left, right = test.split(f" {operators[0]} ", 1)
            return f"{left} {_FLIPPED[operators[0]]} {right}"
    return f"not {test}" if _PLAIN.match(test) else f"not ({test})"


_COMPOUND = re.compile(r"\b(and|or|if|lambda)\b")  # (a test the negation cannot be spliced into)
_COMPARISON = re.compile(r" (not in|in|is not|is|==|!=|<=|>=|<|>) ")
_FLIPPED = {"not in": "in", "in": "not in", "is not": "is", "is": "is not", "==": "!=", "!=": "=="}
_PLAIN = re.compile(r"[\w.]+(\([^()]*\))?(\.[\w.]+)?$")  # `self._client`, `cfg.get("x")`


def _switch(test: str, before: list[str]) -> bool:
    """Whether the test is a feature switch (`not config.ENABLE_EDIT`, `os.getenv("X")`):
    a setting read and tested for truth, with nothing of the request beside it — also
    through a name the lines `before` it bind to one (`es_url = os.environ.get("ES_URL")`
    then `if not es_url:`)."""
    if not _ONE_VALUE.match(test):
        return False
    if _SETTING.search(test) is not None:
        return True
    name = test.removeprefix("not ").strip()
    if not name.isidentifier():
        return False
    bound = re.compile(rf"\s*{name}\s*(:[^=]*)?=(?!=)(.*)")
    values = [match.group(2) for match in map(bound.match, before) if match is not None]
    return bool(values) and all(_READS_SETTING.match(value) for value in values)


def _top_level_split(test: str, joint: str) -> list[str]:
    """`test` split at `joint` (" and ", " or ") outside brackets; [test] when another
    operator joins it there too (`a and b or c`: precedence decides, not read here)."""
    parts, depth, start = [], 0, 0
    other = " or " if joint == " and " else " and "
    at = 0
    while at < len(test):
        char = test[at]
        depth += (char in "([{") - (char in ")]}")
        if depth == 0 and test.startswith(other, at):
            return [test]
        if depth == 0 and test.startswith(joint, at):
            parts.append(test[start:at].strip())
            start = at = at + len(joint)
            continue
        at += 1
    parts.append(test[start:].strip())
    return parts


def _balanced(test: str) -> bool:
    """Whether a test cut at its first colon is whole (not `d[1` of `if d[1:]: return`)."""
    return all(test.count(a) == test.count(b) for a, b in ("()", "[]", "{}"))


def _short(text: str) -> str:
    return text if len(text) <= _MAX_TEXT else text[: _MAX_TEXT - 1] + "…"


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


def conditions_text(conditions: list[dict]) -> str:
    """`when: a (x.py:3); not (b) (y.py:9)`: the tests, innermost last, at most a few."""
    shown = conditions[-_MAX_SHOWN:]
    parts = [f"`{c['test']}` ({c['path']}:{c['line']})" for c in shown]
    more = len(conditions) - len(shown)
    return ("… " if more else "") + "; ".join(parts)
