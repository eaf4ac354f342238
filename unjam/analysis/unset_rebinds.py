"""A parameter the function rebinds only when the caller left it unset:

    def logs_dir(user_hash: str | None = None) -> Path:
        if user_hash is None:
            user_hash = get_user_hash()
        return ROOT / user_hash

A caller that passes a value never `None` never runs that rebinding, so what it passes is
what every later test of the name reads, and `if user_hash is None:` is decided false for
it. Only rebindings whose place is known count: the value is a call, and each call site
written that way runs under the parameter's own `is None` (or `not`) test.
"""

from __future__ import annotations

from unjam.analysis.summary import FuncDef, under_guard

# the test a rebinding runs under, and what a passed value must be for it never to run
WHEN_NONE = "none"  # `if p is None:`: any value but None keeps
WHEN_FALSE = "false"  # `if not p:`: only a true value keeps


def rebound_when_unset(fd: FuncDef, name: str) -> str | None:
    """WHEN_NONE or WHEN_FALSE when every rebinding of parameter `name` runs under such a
    test of it (WHEN_FALSE if any runs under `not`); None otherwise."""
    values = fd.locals.get(name, ())
    if not values:
        return None
    tests = _unset_tests(fd, name)
    if not tests:
        return None
    kinds: set[str] = set()
    for value in values:
        call = value[1] if value[0] == "await" else value
        if call[0] != "call":
            return None
        sites = [
            c for c in fd.calls if c.func == call[1] and c.args == call[2] and c.kwargs == call[3]
        ]
        if not sites:
            return None
        for site in sites:
            kind = next((k for g, k in tests if under_guard(fd, site.guard, g)), None)
            if kind is None:
                return None
            kinds.add(kind)
    return WHEN_FALSE if WHEN_FALSE in kinds else WHEN_NONE


def _unset_tests(fd: FuncDef, name: str) -> list[tuple[int, str]]:
    """(guard index, kind) of the function's `if name is None:` and `if not name:` tests."""
    subject = ("name", name)
    found = []
    for i, guard in enumerate(fd.guards):
        if guard.subject != subject:
            continue
        if guard.kind == "param is" and guard.returned == ("const", None):
            found.append((i, WHEN_NONE))
        elif guard.kind == "param false":
            found.append((i, WHEN_FALSE))
    return found


def keeps(value: object, when: str) -> bool:
    """Whether a passed `value` (values.py's: a constant, an Instance, FALSY, …) surely skips
    a rebinding made `when` the parameter is unset."""
    if value is None:
        return False
    if when == WHEN_NONE:
        return True
    return _surely_true(value)


def _surely_true(value: object) -> bool:
    truthy = getattr(value, "truthy", None)
    if truthy is not None:
        return bool(truthy)
    return type(value) in (str, int, float, bytes, bool) and bool(value)
