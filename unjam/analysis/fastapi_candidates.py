"""The first, cheap pass of the FastAPI model: which assignments may build an app or a
router, chosen by names alone while the project is still being linked.
"""

from __future__ import annotations

from unjam.analysis.fastapi_records import _last_name
from unjam.analysis.project import Func

_CONSTRUCTORS = {"FastAPI", "APIRouter", "Starlette", "Router"}
_SELF = ("name", "self")


def _may_be_app(name: str) -> bool:
    """Whether a variable so named may hold an app or a router (see `AppCandidates`)."""
    lowered = name.lower()
    return lowered in ("app", "application", "api", "router") or lowered.endswith(
        ("_app", "router", "_api")
    )


def _may_make_app(last: str) -> bool:
    """Whether a call of a function so named may build an app or a router."""
    return last in _CONSTRUCTORS or last.endswith(("Router", "App", "API", "Api"))


class AppCandidates:
    """The `name = call(...)` assignments (and a method's `self.name = call(...)`) that may
    build an app or a router, function by function in project order: a cheap filter by
    names, before any inference.

    Filled as the project is linked (`add` for each function `Project.add_module` creates):
    the engine links each module while the next files are still being summarised, so this
    pass over every assignment of the project costs no time on the one core that the
    inference, which must wait for the whole project, runs on."""

    def __init__(self) -> None:
        # gqn → (function, [(target ref, call ref)]): a function replaced in `Project.funcs` by a
        # later one of the same gqn is replaced here too, in the same position
        self.by_func: dict[str, tuple[Func, list[tuple[tuple, tuple]]]] = {}
        self._names: dict[str, bool] = {}  # assigned name → _may_be_app()
        self._makers: dict[str, bool] = {}  # called name → _may_make_app()

    def add(self, func: Func) -> None:
        fd = func.fd
        found: list[tuple[tuple, tuple]] = []
        if fd.qn == "<module>":
            for name, vals in func.mod.summary.global_values.items():
                for scope_qn, ref in vals:
                    if (
                        scope_qn == "<module>"
                        and ref[0] == "call"
                        and self._may_construct(name, ref)
                    ):
                        found.append((("name", name), ref))
        else:
            for name, assigned in fd.locals.items():
                for ref in assigned:
                    if ref[0] == "call" and self._may_construct(name, ref):
                        found.append((("name", name), ref))
            if func.class_gqn:  # `self.app = FastAPI(...)` in a method
                for base, attr, ref in fd.attr_stores:
                    if base == _SELF and ref[0] == "call" and self._may_construct(attr, ref):
                        found.append((("attr", _SELF, attr), ref))
        if found or func.gqn in self.by_func:
            self.by_func[func.gqn] = (func, found)

    def _may_construct(self, name: str, ref: tuple) -> bool:
        """Whether `name = <call ref>` may build an app or router. Both tests are remembered
        per name: the same few names (`response = client.get(...)`) are assigned and called
        all over a project."""
        known = self._names.get(name)
        if known is None:
            known = self._names[name] = _may_be_app(name)
        if known:
            return True
        last = _last_name(ref[1]) or ""
        known = self._makers.get(last)
        if known is None:
            known = self._makers[last] = _may_make_app(last)
        return known
