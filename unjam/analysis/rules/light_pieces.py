"""Whether a route's sync piece could become `async def` without putting blocking work on the
loop: UJ005's fix offers those, since on the loop a piece needs no trip through the thread
pool. Only what is surely light qualifies: builtins, str/dict methods, and project code that
calls no more than that (`return UserService(UserRepository(session))`, objects built from
what it was given). A DB session, a client, an outside call or an interface's method (a
`Protocol`'s or an abstract one: some implementation's body runs) keeps it sync.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import TYPE_CHECKING

from unjam.analysis.broken_models import backref_given
from unjam.analysis.fastapi_records import _last_name
from unjam.semantics import Role

if TYPE_CHECKING:
    from unjam.analysis.callgraph import CallGraph
    from unjam.analysis.fastapi_model import Invoked
    from unjam.analysis.project import Func, Project, Value

# calls a piece may make and still become `async def` without blocking the loop
_HARMLESS_NAMES = frozenset(
    {"HTTPException", "bool", "dict", "float", "int", "isinstance", "len", "list", "max", "min"}
    | {"set", "sorted", "str", "tuple", "cast", "getattr", "hasattr", "any", "all", "sum"}
)
_HARMLESS_METHODS = frozenset(
    ["endswith", "get", "items", "keys", "lower", "split", "startswith", "strip", "upper", "values"]
)
# outside calls that are light CPU work: a JWT checked or made with a shared secret, the
# clock, an id, JSON, a log line, a regular expression, a constant-time comparison
_LIGHT_OUTSIDE = frozenset(
    {"jwt.decode", "jwt.encode", "jose.jwt.decode", "jose.jwt.encode", "hmac.compare_digest"}
)
_LIGHT_MODULES = ("datetime.", "uuid.", "json.", "logging.", "re.", "base64.", "secrets.")
_MAX_DEPTH = 4  # calls below the piece that are followed
# calls a dependency may be handed to that await it when it is a coroutine function
_FRAMEWORK_TAKERS = frozenset(
    {"Depends", "Security", "add_api_route", "api_route", "add_api_websocket_route", "add_task"}
)


class LightPieces:
    def __init__(self, project: Project, graph: CallGraph, root: Path | None = None) -> None:
        self.p = project
        self.g = graph
        self.root = root  # where the sources are read again (`_reads_attribute`)
        self._trees: dict[str, ast.Module | None] = {}
        self._handed: dict[str, bool] = {}  # function gqn → `_handed_on`
        self._built_light: dict[tuple, bool] = {}  # class dependency funcs → built async
        self._backrefs: dict[str, set[str]] | None = None  # see `_backrefs_by_class`

    def could_be_async(self, piece: Invoked) -> bool:
        """Whether the function dependency or endpoint `piece` (not a generator, nor called
        directly by project code, whose call would then get a coroutine) calls nothing but
        light code."""
        if piece.role not in (Role.DEPENDENCY, Role.ENDPOINT):
            return False
        for gqn in piece.funcs:
            func = self.p.funcs.get(gqn)
            if func is None or func.fd.is_generator or func.fd.is_lambda:
                return False  # (a lambda cannot be made `async def`)
            if self.p.direct_callers(func) or self._handed_on(func):
                return False
            if not self._calls_nothing_heavy(func, set(), 0) or self._loads_a_relationship(func):
                return False
        return True

    def could_be_built_async(self, piece: Invoked) -> bool:
        """Whether the project class dependency `piece` runs only light code as FastAPI
        builds it (`__new__`, `__init__`: `self.session = session`): an `async def`
        dependency that builds it needs no trip, where the class itself is called in the
        thread pool."""
        if piece.role is not Role.CLASS_DEPENDENCY or not piece.funcs:
            return False
        known = self._built_light.get(piece.funcs)  # (asked again by each route using it)
        if known is None:
            funcs = [self.p.funcs.get(gqn) for gqn in piece.funcs]
            known = self._built_light[piece.funcs] = all(
                f is not None and self._calls_nothing_heavy(f, set(), 0) for f in funcs
            )
        return known

    def _handed_on(self, func: Func) -> bool:
        """Whether project code hands the function, by its name, to a call other than the
        framework's (`_resolve_depends(checker, get_permission_checker)`, which calls
        `default_factory()` itself): made `async def`, that call would get a coroutine."""
        known = self._handed.get(func.gqn)
        if known is None:
            known = self._handed[func.gqn] = self._find_handed_on(func)
        return known

    def _find_handed_on(self, func: Func) -> bool:
        name = func.fd.name
        for mod in self.p.unique_modules():
            if name not in mod.summary.value_names:
                continue
            for fd in mod.summary.funcs.values():
                for site in fd.calls:
                    if _last_name(site.func) in _FRAMEWORK_TAKERS:
                        continue
                    values = (*site.args, *(value for _key, value in site.kwargs))
                    if any(_names(value, name) for value in values):
                        return True
        return False

    def _loads_a_relationship(self, func: Func) -> bool:
        """Whether the piece reads an ORM relationship of a model it was handed (`user.role.
        name`, `role = relationship(...)` in `User`): with a sync session, the first read
        queries the database — no light work for the loop."""
        for index, param in enumerate(func.fd.params):
            value = self.p.param_value(func, param, index)
            if value is None or value[0] != "obj":
                continue
            related = self._relationships(value[1])
            if related and self._reads_attribute(func, param.name, related):
                return True
        return False

    def _reads_attribute(self, func: Func, name: str, attributes: frozenset[str]) -> bool:
        """Whether the function's body reads `name.<one of attributes>` (read again from
        its source: the summary keeps the tests it records, not every read); unknown (no
        source) counts as read."""
        node = self._def_at(func)
        if node is None:
            return True
        return any(
            isinstance(n, ast.Attribute)
            and n.attr in attributes
            and isinstance(n.value, ast.Name)
            and n.value.id == name
            for n in ast.walk(node)
        )

    def _def_at(self, func: Func) -> ast.AST | None:
        path = func.mod.path
        if path not in self._trees:
            try:
                source = (self.root / path).read_text(encoding="utf-8") if self.root else ""
                self._trees[path] = ast.parse(source) if source else None
            except (OSError, ValueError, SyntaxError, RecursionError):
                self._trees[path] = None
        tree = self._trees[path]
        if tree is None:
            return None
        return next(
            (
                n
                for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                and n.lineno == func.fd.line
                and n.name == func.fd.name
            ),
            None,
        )

    def _relationships(self, class_gqn: str) -> frozenset[str]:
        """The class's attributes (its project bases' too) bound to `relationship(...)`, and
        those another model's relationship gives it (`relationship(User, backref="orgs")`)."""
        names: set[str] = set()
        backrefs = self._backrefs_by_class()
        for owner in self.p.mro(class_gqn)[0]:
            cls = self.p.classes.get(owner)
            for attr, values in cls.cd.attrs.items() if cls is not None else ():
                if any(v[0] == "call" and _last_name(v[1]) == "relationship" for v in values):
                    names.add(attr)
            names |= backrefs.get(owner.rpartition(".")[2], set())
        return frozenset(names)

    def _backrefs_by_class(self) -> dict[str, set[str]]:
        """Class name → the attributes `backref=` gives it, from every project model's
        relationship (broken_models.py reads them); the target is named by its class name,
        as SQLAlchemy's string form names it too."""
        if self._backrefs is None:
            self._backrefs = {}
            for cls in self.p.classes.values():
                for values in cls.cd.attrs.values():
                    for given in map(backref_given, values):
                        if given is not None:
                            self._backrefs.setdefault(given[0], set()).add(given[1])
        return self._backrefs

    def _calls_nothing_heavy(self, func: Func, seen: set[str], depth: int) -> bool:
        """Whether every call `func` makes is a builtin, a str/dict method, or project code
        (a function, a class's `__init__`) that in turn calls only such things, a few calls
        deep and reads no relationship of its own model; and it reaches no blocking call and
        builds no client."""
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
                if callee is not None and _light_outside(callee[1]):
                    continue
            targets = self._project_targets(callee)
            if targets is None or not all(
                self._calls_nothing_heavy(t, seen, depth + 1) and not self._loads_own(t)
                for t in targets
            ):
                return False
        return True

    def _loads_own(self, method: Func) -> bool:
        """Whether a model's method reads one of its own relationships (`for m in
        self.memberships:` in `User.role_in`): the piece calling it loads it."""
        if method.class_gqn is None:
            return False
        related = self._relationships(method.class_gqn)
        return bool(related) and self._reads_attribute(method, "self", related)

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


def _light_outside(qn: str) -> bool:
    return qn in _LIGHT_OUTSIDE or qn.startswith(_LIGHT_MODULES)


def _names(ref: tuple, name: str) -> bool:
    """Whether `ref` is the name itself, or an attribute of that name (`deps.get_checker`)."""
    return (ref[0] == "name" and ref[1] == name) or (ref[0] == "attr" and ref[2] == name)
