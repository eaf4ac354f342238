"""Whether a route's sync piece could become `async def` without putting blocking work on the
loop: UJ005's fix offers those, since on the loop a piece needs no trip through the thread
pool. Only what is surely light qualifies: builtins, str/dict methods, and project code that
calls no more than that (`return UserService(UserRepository(session))`, objects built from
what it was given). A DB session, a client, an outside call or an interface's method (a
`Protocol`'s or an abstract one: some implementation's body runs) keeps it sync.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unjam.analysis.fastapi_records import _last_name
from unjam.semantics import Role

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.fastapi_model import Invoked
    from unjam.analysis.project import Func, Project, Value

# calls a piece may make and still become `async def` without blocking the loop
_HARMLESS_NAMES = frozenset(
    [
        "HTTPException",
        "bool",
        "dict",
        "float",
        "int",
        "isinstance",
        "len",
        "list",
        "max",
        "min",
        "set",
        "sorted",
        "str",
        "tuple",
    ]
)
_HARMLESS_METHODS = frozenset(
    ["endswith", "get", "items", "keys", "lower", "split", "startswith", "strip", "upper", "values"]
)
_MAX_DEPTH = 4  # calls below the piece that are followed


class LightPieces:
    def __init__(self, project: Project, graph: CallGraph) -> None:
        self.p = project
        self.g = graph

    def could_be_async(self, piece: Invoked) -> bool:
        """Whether the function dependency or endpoint `piece` (not a generator, nor called
        directly by project code, whose call would then get a coroutine) calls nothing but
        light code."""
        if piece.role not in (Role.DEPENDENCY, Role.ENDPOINT):
            return False
        for gqn in piece.funcs:
            func = self.p.funcs.get(gqn)
            if func is None or func.fd.is_generator or self.p.direct_callers(func):
                return False
            if not self._calls_nothing_heavy(func, set(), 0):
                return False
        return True

    def _calls_nothing_heavy(self, func: Func, seen: set[str], depth: int) -> bool:
        """Whether every call `func` makes is a builtin, a str/dict method, or project code
        (a function, a class's `__init__`) that in turn calls only such things, a few calls
        deep; and it reaches no blocking call and builds no client."""
        if func.gqn in seen:
            return True
        seen.add(func.gqn)
        resolved = self.g.resolved(func.gqn)
        if depth > _MAX_DEPTH or resolved.blocking or resolved.clients or resolved.offloads:
            return False
        for call in func.fd.calls:
            ref = call.func
            callee = self.p.callee(func, ref)
            if callee is None or callee[0] == "ext":
                # (a project object's own `get` is judged as its code, below)
                if ref[0] == "name" and ref[1] in _HARMLESS_NAMES:
                    continue
                if ref[0] == "attr" and ref[2] in _HARMLESS_METHODS:
                    continue
            targets = self._project_targets(callee)
            if targets is None or not all(
                self._calls_nothing_heavy(t, seen, depth + 1) for t in targets
            ):
                return False
        return True

    def _project_targets(self, callee: Value | None) -> list[Func] | None:
        """The project functions a call runs — a function's body, a class's `__init__`;
        none for a project class with neither an `__init__` nor an outside base — or None
        for anything else (an outside call, an outside base's `__init__`: unknown)."""
        if callee is None:
            return None
        if callee[0] in ("func", "meth"):
            target = self.p.funcs.get(callee[1])
            if target is None or _an_interface_s(self.p, target):
                return None  # (what runs is some implementation's body, unknown here)
            return [target]
        if callee[0] == "class":
            init = self.p.method(callee[1], "__init__")
            if init is not None:
                return [init]
            return None if self.p.mro(callee[1])[1] else []
        return None


def _an_interface_s(p: Project, func: Func) -> bool:
    """A method of a `typing.Protocol` or an `@abstractmethod`: a declaration, not the code
    that runs."""
    if func.class_gqn is not None and p.is_protocol(func.class_gqn):
        return True
    return any(_last_name(ref) == "abstractmethod" for ref, _line, _col in func.fd.decorators)
