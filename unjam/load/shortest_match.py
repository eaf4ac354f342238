"""The shortest string a regular expression matches, for OpenAPI example values
(`pattern` in a JSON Schema: pydantic's `Field(pattern=...)`, FastAPI's `Query(pattern=...)`).

Read from the tree `re` itself compiles (`re._parser`, sre_parse's home since 3.11), so the
syntax is exactly Python's: each repeat its minimum times, the first alternative, the first
character of each class, a back-reference as its group's text. Lookarounds are not honoured
here; the caller checks the result with `re.search` and says why when it does not match.
"""

from __future__ import annotations

from typing import Any


class CannotMatch(Exception):
    """A construct this reader does not build a match for (the reason is the text)."""


def shortest_match(pattern: str) -> str:
    """A short string `pattern` matches (see above: lookarounds are the caller's to check)."""
    from re import _parser

    try:
        parsed = _parser.parse(pattern)
        return _emit(list(parsed), {})
    except CannotMatch:
        raise
    except Exception as err:  # re.error, or a construct this reader does not know
        raise CannotMatch(f"cannot read pattern {pattern!r} ({err})") from None


def _emit(items: list, groups: dict[int, str]) -> str:
    out = []
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(arg))
        elif name == "NOT_LITERAL":
            out.append("a" if arg != ord("a") else "b")
        elif name == "ANY":
            out.append("a")
        elif name == "IN":
            out.append(_class_char(arg))
        elif name == "BRANCH":
            out.append(_emit(list(arg[1][0]), groups))
        elif name == "SUBPATTERN":
            group, _add, _del, sub = arg
            text = _emit(list(sub), groups)
            if group is not None:
                groups[group] = text
            out.append(text)
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, _high, sub = arg
            out.append("".join(_emit(list(sub), groups) for _ in range(low)))
        elif name == "ATOMIC_GROUP":
            out.append(_emit(list(arg), groups))
        elif name == "GROUPREF":
            out.append(groups.get(arg, ""))
        elif name in ("AT", "ASSERT", "ASSERT_NOT"):
            continue
        else:
            raise CannotMatch(f"pattern construct {name}")
    return "".join(out)


_CATEGORY_SAMPLES = {
    "CATEGORY_DIGIT": "0",
    "CATEGORY_NOT_DIGIT": "a",
    "CATEGORY_WORD": "a",
    "CATEGORY_NOT_WORD": " ",
    "CATEGORY_SPACE": " ",
    "CATEGORY_NOT_SPACE": "a",
}
_CATEGORY_TESTS = {
    "CATEGORY_DIGIT": str.isdigit,
    "CATEGORY_NOT_DIGIT": lambda c: not c.isdigit(),
    "CATEGORY_WORD": lambda c: c.isalnum() or c == "_",
    "CATEGORY_NOT_WORD": lambda c: not (c.isalnum() or c == "_"),
    "CATEGORY_SPACE": str.isspace,
    "CATEGORY_NOT_SPACE": lambda c: not c.isspace(),
}


def _class_char(members: list) -> str:
    """One character of a class `[...]`: its first member, or for `[^...]` the first of a
    few plain characters it does not exclude."""
    if members and str(members[0][0]) == "NEGATE":
        for char in "a0A_- .":
            if not any(_in_member(char, op, arg) for op, arg in members[1:]):
                return char
        raise CannotMatch("a negated character class that excludes every plain character")
    op, arg = members[0]
    name = str(op)
    if name == "LITERAL":
        return chr(arg)
    if name == "RANGE":
        return chr(arg[0])
    if name == "CATEGORY":
        return _CATEGORY_SAMPLES.get(str(arg), "a")
    raise CannotMatch(f"character class member {name}")


def _in_member(char: str, op: Any, arg: Any) -> bool:
    name = str(op)
    if name == "LITERAL":
        return ord(char) == arg
    if name == "RANGE":
        return arg[0] <= ord(char) <= arg[1]
    if name == "CATEGORY":
        return _CATEGORY_TESTS.get(str(arg), lambda _c: True)(char)
    return True  # unknown: assume it excludes the character
