"""Which bodies of a redefined name a call made at run time may run.

A name defined twice in one scope is kept as `f` and `f#<line>` (summarize.funcdef), and a
call by that name is followed into every body: under `if`/`try` either may be the one
bound. But a later `def` at the top of the same scope always runs after the earlier one,
so once the module is imported the name holds that later body: a request never runs the
earlier one (a copy-pasted `crud.py` with a dozen functions defined twice). An earlier body
stays live when a decorator has already used it (`@router.get`, `@property` before its
`@x.setter`), and calls the module body itself makes between the two `def`s run it.
"""

from __future__ import annotations

from unjam.analysis.project_index import Func, ProjectIndex


def runtime_bodies(p: ProjectIndex, gqn: str) -> list[str]:
    """`gqn` and its redefinitions, less those a later top-level `def` replaces."""
    later = p.variants.get(gqn)
    if not later:
        return [gqn]
    bodies = [p.funcs[name] for name in (gqn, *later) if name in p.funcs]
    top = _top_column(bodies[0])
    return [
        body.gqn
        for i, body in enumerate(bodies)
        if not any(_replaces(after, body, top) for after in bodies[i + 1 :])
    ]


def _replaces(after: Func, before: Func, top: int) -> bool:
    """Whether `after`, a later `def` of the same name, leaves `before` unreachable."""
    return (
        after.fd.line > before.fd.line
        and after.fd.col == top
        and not before.fd.decorators
        and not any(_names(ref, after.fd.name) for ref, _line, _col in after.fd.decorators)
    )


def _names(ref: tuple, name: str) -> bool:
    """Whether a decorator is built from the name (`@f.setter`, `@f.register`)."""
    while ref[0] in ("attr", "call"):
        ref = ref[1]
    return ref == ("name", name)


def _top_column(func: Func) -> int:
    """The column of the statements at the top of the function's scope: the least column
    of the `def`s beside it (0 in a module; a class's methods; a function's inner defs)."""
    return min(
        (
            fd.col
            for fd in func.mod.summary.funcs.values()
            if fd.qn != "<module>"
            and fd.class_qn == func.fd.class_qn
            and fd.parent == func.fd.parent
        ),
        default=func.fd.col,
    )
