"""Which assignment of a local a method call sees, when the local is assigned more than once.

`sandbox = manager.sandbox` in one branch, `sandbox = NullSandbox(dir)` in the other, and
`await sandbox.__aenter__()` only in the second: the summary keeps a local's values without
their places, so inference types `sandbox` by its first typed value, and the call would be
taken for the other class's `__aenter__`. A value built by a call has a place, though: the
call site of that call, awaited or entered too (`conn = await asyncpg.connect()`, then
`async with engine.begin() as conn`). The call `local.m()` sees the latest such
construction before it in its own block or a block around it (its guard or one that guard
is nested in), when there is one; otherwise inference decides as before.
"""

from __future__ import annotations

from unjam.analysis.summary import CallSite, FuncDef


def assigned_before(fd: FuncDef, site: CallSite, name: str) -> tuple | None:
    """The call ref `name` was last assigned from before `site`, in a block `site` runs in;
    None unless `name` is a local with more than one value, one of them built by a call."""
    values = fd.locals.get(name)
    if values is None or len(values) < 2:
        return None
    built = [(v, call) for v in values if (call := _built_by(v)) is not None]
    if not built:
        return None
    around = _enclosing_guards(fd, site.guard)
    best: tuple | None = None
    best_at = (-1, -1)
    for call in fd.calls:
        at = (call.line, call.col)
        if at >= (site.line, site.col) or at <= best_at or call.guard not in around:
            continue
        for value, made in built:
            if call.func == made[1] and call.args == made[2] and call.kwargs == made[3]:
                best, best_at = value, at
                break
    return best


def _built_by(value: tuple) -> tuple | None:
    """The call that builds `value`, awaited or entered (`conn = await connect()`, `async
    with engine.begin() as conn`), or None."""
    while value[0] in ("await", "enter"):
        value = value[1]
    return value if value[0] == "call" else None


def _enclosing_guards(fd: FuncDef, guard: int) -> set[int]:
    around = {-1}
    while guard >= 0:
        around.add(guard)
        guard = fd.guards[guard].outer
    return around
