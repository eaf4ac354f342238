"""Arguments that are surely an object, not `None`: what a call builds.

`apply(cfg, store=await get_store(request))` with `async def get_store(...) -> Store`, or
`apply(cfg, store=Store())`: in `apply`, `runtime = store or Store()` never builds a second
store, and `if store is None:` is never true. values.py decides such tests from an
`Instance`; this module says which arguments are one. An argument is when it calls a project
class, or calls (awaiting it when it is a coroutine function) a project function whose return
annotation names a class — a promise that function makes (`-> Store`, not `-> Store | None`).
The object is also true when its class and every base are the project's own (or `object`)
and none defines `__bool__` or `__len__`; an outside base (a `dict`, a pydantic model) may.
"""

from __future__ import annotations

from unjam.analysis.project import Func, Project
from unjam.analysis.values import INSTANCE, TRUE_INSTANCE, Instance

_NEUTRAL_BASES = frozenset({"builtins.object", "typing.Generic", "abc.ABC"})


class BuiltArguments:
    def __init__(self, project: Project):
        self.project = project
        self._truth: dict[str, bool] = {}  # class gqn → its instances are surely true

    def of_call(self, func: Func, refs: list[tuple]) -> dict[tuple, Instance]:
        """The argument refs among `refs` (of a call `func` makes) that surely are objects."""
        out: dict[tuple, Instance] = {}
        for ref in refs:
            value = self._instance(func, ref)
            if value is not None:
                out[ref] = value
        return out

    def _instance(self, func: Func, ref: tuple) -> Instance | None:
        awaited = ref[0] == "await"
        call = ref[1] if awaited else ref
        if call[0] != "call":
            return None
        p = self.project
        target = call[1]
        callee = p.callee(func, target) if target[0] == "attr" else p.value_of(func, target)
        if callee is None:
            return None
        if callee[0] == "class" and not awaited:
            return TRUE_INSTANCE if self._true(callee[1]) else INSTANCE
        if callee[0] != "func" and callee[0] != "meth":
            return None
        made = p.funcs.get(callee[1])
        if made is None or made.fd.is_async != awaited or made.fd.is_generator:
            return None  # (an un-awaited coroutine function gives a coroutine)
        returns = made.fd.returns
        if returns is None or (returns[0] != "name" and returns[0] != "attr"):
            return None  # `-> Store | None`, `-> Optional[Store]`: no promise
        typed = p.annotation_type(p.parent_scope(made), returns)
        if typed is None or typed[0] != "obj":
            return None
        return TRUE_INSTANCE if self._true(typed[1]) else INSTANCE

    def _true(self, class_gqn: str) -> bool:
        known = self._truth.get(class_gqn)
        if known is None:
            known = self._truth[class_gqn] = self._plain_truth(class_gqn)
        return known

    def _plain_truth(self, class_gqn: str) -> bool:
        p = self.project
        classes, outside = p.mro(class_gqn)
        if outside:
            return False
        for gqn in classes:
            cls = p.classes.get(gqn)
            if cls is None:
                return False
            scope = p.funcs.get(f"{cls.mod.name}.{cls.cd.scope}") or p.module_scope(cls.mod)
            for base_ref in cls.cd.bases:
                base = p.value_of(scope, base_ref)
                if base is None or (base[0] != "class" and base[1] not in _NEUTRAL_BASES):
                    return False  # a base not known to be plain: it may define them
        return p.method(class_gqn, "__bool__") is None and p.method(class_gqn, "__len__") is None
