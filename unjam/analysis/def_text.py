"""What a function's text shows before its module is parsed: whether its own body may hold a
`raise` statement that runs before any `return` or `yield` (never_runs.py's `always_raises`),
and whether it needs the event loop at all (`needs_the_loop`: an `async def` endpoint that
awaits nothing may be a plain `def`).

Parsing a module with `ast` and `symtable` costs as much as summarising it again, and the
modules that hold dependencies are often the largest of a project; most dependencies that
may raise do so under a test (`if not user: raise HTTPException(401)`) or after a `return`,
which their lines show. The answer errs towards "may": a header or a body it cannot follow
line by line leaves the question to the parse.
"""

from __future__ import annotations

import re

_LEAVES = re.compile(r"^(return|yield)\b|\byield\b")
_RAISE = re.compile(r"^raise\b")
_NEEDS_LOOP = re.compile(
    r"\bawait\b|\basync\s+(for|with)\b|\byield\b|\b(create_task|ensure_future|"
    r"get_running_loop|get_event_loop|run_coroutine_threadsafe|gather|TaskGroup)\b"
)


def may_raise_first(lines: list[str], def_line: int) -> bool:
    """Whether the body of the `def` on `def_line` (1-based) may hold, at its own
    indentation, a `raise` line with no `return` or `yield` line above it."""
    start = _body_start(lines, def_line - 1)
    if start is None:
        return True
    indent = _indent(lines[start])
    quote = _docstring_quote(lines[start])
    after = _after_docstring(lines, start, quote) if quote else start
    if after is None:
        return True
    for text in lines[after:]:
        code = text.strip()
        if not code or code.startswith("#"):
            continue
        if _indent(text) < indent:
            return False  # (the function ended)
        if _indent(text) == indent and _RAISE.match(code):
            return True
        if _LEAVES.search(code):
            return False
    return False


def needs_the_loop(lines: list[str], def_line: int) -> bool:
    """Whether the body of the `async def` on `def_line` (1-based) awaits, iterates or
    enters asynchronously, yields, or reaches for the running loop (`create_task`), as far
    as its lines show; a body it cannot follow counts as needing it."""
    start = _body_start(lines, def_line - 1)
    if start is None:
        return True
    indent = _indent(lines[start])
    for text in lines[start:]:
        if text.strip() and not text.lstrip().startswith("#") and _indent(text) < indent:
            break
        if _NEEDS_LOOP.search(text.split("#", 1)[0]):
            return True
    return False


def body_lines(lines: list[str], def_line: int) -> range:
    """The line numbers (1-based) of the body of the `def` on `def_line`, up to the first
    line indented less than its first; empty when its header cannot be followed."""
    start = _body_start(lines, def_line - 1)
    if start is None:
        return range(0)
    width = _indent(lines[start])
    end = start
    for i in range(start, len(lines)):
        text = lines[i]
        if text.strip() and not text.lstrip().startswith("#") and _indent(text) < width:
            break
        end = i
    return range(start + 1, end + 2)


def _body_start(lines: list[str], at: int) -> int | None:
    """The index of the first line of the body of the `def` whose header starts at `at`, or
    None when the header's end cannot be told or the body shares its line."""
    depth = 0
    for i in range(at, min(len(lines), at + 200)):
        code = lines[i].split("#", 1)[0].rstrip()
        depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
        if depth == 0 and code.endswith(":"):
            for j in range(i + 1, len(lines)):
                body = lines[j].strip()
                if body and not body.startswith("#"):
                    return j
            return None
        if depth < 0 or (depth == 0 and ":" in code and not code.endswith(",")):
            return None
    return None


def _docstring_quote(line: str) -> str | None:
    code = line.strip().lstrip("rRbBuU")
    for quote in ('"""', "'''"):
        if code.startswith(quote):
            return quote
    return None


def _after_docstring(lines: list[str], start: int, quote: str) -> int | None:
    """The index of the line after the docstring opening on `start`."""
    first = lines[start].strip()
    rest = first[first.index(quote) + 3 :]
    if quote in rest:
        return start + 1
    for j in range(start + 1, len(lines)):
        if quote in lines[j]:
            return j + 1
    return None


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())
