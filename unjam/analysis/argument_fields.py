"""What a field of an object passed as an argument holds, when the caller built that object
itself: `config = CrawlerRunConfig(cache_mode=BYPASS)` then `await crawler.arun(url,
config=config)`, where `arun` hands `config` on and a function further on tests `if
config.screenshot:` (recorded by summarize_guards.py as a test of a parameter named
`config.screenshot`). The field holds what the class's `__init__` stored from what the
construction passed (instance_fields.py `built_with`: the same rules as for the instance a
method is called on, with no other store of that attribute name that may land on the
object anywhere in the project), so a test of it is decided as a parameter's is — in the
function the object is passed to, and, carried in the search state, in those it hands the
parameter on to (callgraph.py `forwards`).

A callee that rebinds the parameter (`config = config or CrawlerRunConfig()`) may hold
either object then: the field is known only when every object it may hold agrees on it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from unjam.analysis.instance_fields import UNKNOWN, InstanceFields
from unjam.analysis.project import Func
from unjam.analysis.summary import CallSite, FuncDef
from unjam.analysis.values import binds_self, is_static


class ArgumentFields:
    def __init__(self, fields: InstanceFields) -> None:
        self.fields = fields

    def of_call(
        self,
        func: Func,
        site: CallSite,
        target: Func,
        names: Iterable[str],
        held: Mapping[str, object],
        bound: bool,
    ) -> dict[str, object]:
        """`config.<field>` → the value it surely holds when `func`'s call `site` runs
        `target`, for the fields `names` of `target`'s parameters other than its own
        instance; `held`, what `func`'s state says the fields of its own parameters hold;
        `bound`, whether the call surely binds `target`'s first parameter."""
        out: dict[str, object] = {}
        for name in names:
            param, _, field = name.partition(".")
            ref = _argument(func.fd, site, target.fd, param, bound)
            if ref is None:
                continue
            value = self._passed_field(func, site, ref, field, held)
            if value is not UNKNOWN:
                value = self._kept(target, param, field, value)
            if value is not UNKNOWN:
                out[name] = value
        return out

    def _passed_field(
        self, func: Func, site: CallSite, ref: tuple, field: str, held: Mapping[str, object]
    ) -> object:
        """What the field of the object `ref` holds: one the call builds (`crawl(url,
        Config())`), a local of `func` holding one (`built_local`), or `func`'s own
        parameter whose field `held` knows."""
        if ref[0] == "call":
            made = self.fields.constructions(func, (ref,))
        elif ref[0] == "name" and any(q.name == ref[1] for q in func.fd.params):
            return held.get(f"{ref[1]}.{field}", UNKNOWN)
        elif ref[0] == "name":
            made = self.fields.built_local(func, site, ref[1])
        else:
            return UNKNOWN
        if made is None:
            return UNKNOWN
        return self.fields.built_with(func, made[0], made[1], field)

    def _kept(self, target: Func, param: str, field: str, value: object) -> object:
        """`value`, when what `target` may rebind `param` to leaves the field the same:
        only `param or Cls(...)` (or `Cls(...)`) whose construction stores that value
        too."""
        rebound = target.fd.locals.get(param)
        if not rebound:
            return value
        for bound in rebound:
            operands = bound[1] if bound[0] == "boolop" else (bound,)
            made = [op for op in operands if op != ("name", param)]
            if not made or any(op[0] != "call" for op in made):
                return UNKNOWN
            built = self.fields.constructions(target, made)
            if built is None or self.fields.built_with(target, *built, field) != value:
                return UNKNOWN
        return value


def _argument(
    caller: FuncDef, site: CallSite, callee: FuncDef, param: str, bound: bool
) -> tuple | None:
    """The ref the call passes for the callee's parameter `param`: by keyword, or by
    position where which parameter it lands on is sure (a function, a staticmethod, or a
    method the call surely binds: `self.m(a)`, `engine.run(a)`)."""
    for name, ref in site.kwargs:
        if name == param:
            return ref
    index = next((i for i, q in enumerate(callee.params) if q.name == param), -1)
    if index < 0 or callee.params[index].kind != "pos":
        return None
    if callee.class_qn is not None and not is_static(callee):
        if index == 0 or not (bound or binds_self(caller, site, callee)):
            return None  # (`cls.x` of a classmethod: the class it is called on)
        index -= 1
    args = site.args
    if index >= len(args) or any(ref[0] == "star" for ref in args[: index + 1]):
        return None
    return args[index]
