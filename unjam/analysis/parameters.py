"""Parameters: what a function's parameter holds — `self`/`cls`, its annotation (through
type aliases and `Annotated[...]`), the value FastAPI injects for its `Depends(...)`, or
else what its call sites pass.

A layer of `Project` (see project_index.py); the values are project.py's tuples.
"""

from __future__ import annotations

from unjam.analysis.inference import Inference
from unjam.analysis.project_index import _BUSY, _MISSING, _PARAM, Func, Value
from unjam.analysis.summary import CallSite, ImportRef, Param
from unjam.analysis.values import is_static

_ANNOTATED = {"typing.Annotated", "typing_extensions.Annotated"}
_MAX_HINT_SITES = 200


class ParameterInference(Inference):
    def __post_init__(self) -> None:
        super().__post_init__()
        self._aliases: dict[tuple[str, str], tuple[Func, tuple | None] | None] = {}  # → _alias_of()
        self._subclasses: dict[str, list[str]] | None = None  # class → its project subclasses

    def param_value(self, func: Func, param: Param, index: int) -> Value | None:
        key = ("param", func.gqn, param.name)
        value = self._memo.get(key, _MISSING)
        if value is not _MISSING and value is not _BUSY:
            return value
        return self._memoized(key, _PARAM, func, param, index)

    def _param_value(self, func: Func, param: Param, index: int) -> Value | None:
        fd = func.fd
        if index == 0 and func.class_gqn is not None and param.kind == "pos":
            decorators = (
                {d[0][1] for d in fd.decorators if d[0][0] == "name"} if fd.decorators else ()
            )
            if "staticmethod" not in decorators:
                if "classmethod" in decorators or fd.name == "__new__":
                    return ("class", func.class_gqn)
                if param.annotation is None or param.name == "self":
                    return ("obj", func.class_gqn)
                # `def load(path: Path, …)` in a class, without @staticmethod: called through
                # the class (`Manager.load(config)`), its first parameter is what is passed
                typed = self.annotation_type(*self.alias(self.parent_scope(func), param.annotation))
                if typed is None or typed[1] == func.class_gqn:
                    return ("obj", func.class_gqn)
                return typed
        scope = self.parent_scope(func)
        alias_scope, ann = self.alias(scope, param.annotation)
        depends = self.param_depends(func, param)
        typed = self.annotation_type(alias_scope, ann)
        injected = None
        if depends is not None:
            target = self.depends_target(depends[0], param, depends[1])
            injected = self.injected(target)
            if self._known_type(injected) and not self._narrows(typed, injected):
                # what the dependency hands it, whatever the annotation says (`db: Session =
                # Depends(get_db)` of a `get_db` that yields an AsyncSession)
                return injected
            if self._gives_literals(target):
                return None  # `user: Session = Depends(get_current_user)` giving a dict
        if typed is not None:
            return self._passed_instead(func, param, index, typed) if depends is None else typed
        if ann is not None and self.names_plain_data(alias_scope, ann):
            return None
        if depends is not None:
            return injected
        return self.param_hint(func, param, index)

    def _passed_instead(self, func: Func, param: Param, index: int, typed: Value) -> Value:
        """What every caller surely passes, when that is another library type than the one
        the annotation names (`Monitor(db)` with `def __init__(self, db: Session)`, where
        `db` is the AsyncSession a dependency yields): the annotation is wrong, and the
        object is what runs. Only for annotations naming a catalogued library type."""
        if typed[0] != "inst" or typed[1] not in self.catalogue.types:
            return typed
        passed = {value for _caller, _site, value in self.passed_values(func, param, index)}
        if len(passed) != 1 or typed in passed:
            return typed
        value = passed.pop()
        return value if value[0] == "inst" and value[1] in self.catalogue.types else typed

    def _narrows(self, typed: Value | None, injected: Value | None) -> bool:
        """Whether the annotation names a subclass of the project class the dependency is
        known to give (`repo: UsersRepository` of a factory typed `-> BaseRepository`): the
        annotation says more."""
        if typed is None or injected is None or typed[0] != "obj" or injected[0] != "obj":
            return False
        return injected[1] in self.mro(typed[1])[0]

    def _known_type(self, value: Value | None) -> bool:
        """An instance of a project class, or of a type the catalogue describes: surer than
        an annotation (a library call's unknown result, `container.use_case()`, is not)."""
        if value is None:
            return False
        return value[0] == "obj" or (value[0] == "inst" and value[1] in self.catalogue.types)

    def injected(self, target: Value | None) -> Value | None:
        if target is None:
            return None
        if target[0] == "class":
            return ("obj", target[1])
        if target[0] in ("func", "meth"):
            dep = self.funcs.get(target[1])
            return None if dep is None else self.dependency_result(dep)
        if target[0] == "obj":
            method = self.method(target[1], "__call__")
            return None if method is None else self.dependency_result(method)
        if target[0] == "ext":
            return ("inst", target[1])
        return None

    def _gives_literals(self, target: Value | None) -> bool:
        """Whether a dependency function returns (or yields) nothing but literals — a dict
        display, a list, a constant —, never an object an annotation could name."""
        dep = self.funcs.get(target[1]) if target and target[0] in ("func", "meth") else None
        if dep is None:
            return False
        given = dep.fd.yield_values if dep.fd.is_generator else dep.fd.return_values
        return bool(given) and all(ref[0] in ("dict", "list", "const") for ref in given)

    def dependency_result(self, func: Func) -> Value | None:
        """The value FastAPI injects for `Depends(func)` (a generator's yielded value)."""
        if not func.fd.is_generator:
            return self.return_value(func)
        return self.yielded_value(func)

    def param_hint(self, func: Func, param: Param, index: int) -> Value | None:
        """Type an unannotated parameter from the arguments its call sites pass (the first
        that resolves)."""
        for _caller, _site, value in self.passed_values(func, param, index, first=True):
            return value
        return None

    def passed_values(
        self, func: Func, param: Param, index: int, first: bool = False
    ) -> list[tuple[Func, CallSite, Value]]:
        """(caller, call site, value) of each call site that passes the parameter something
        that resolves; `first`: stop at the first."""
        fd = func.fd
        class_gqn = func.class_gqn
        via_class = fd.name == "__init__" and class_gqn is not None
        built = self._built_by(func) if via_class else frozenset()
        names = sorted({self.classes[c].cd.name for c in built}) if via_class else [fd.name]
        named = [pair for name in names for pair in self.sites_named(name)]
        out: list[tuple[Func, CallSite, Value]] = []
        for caller, site in named[:_MAX_HINT_SITES]:
            if not _may_pass(site, param, index):
                continue  # passes nothing for this parameter: no need to type the callee
            position = self._position(func, caller, site, index, built)
            if position is None:
                continue
            arg = argument(site, param, position)
            if arg is not None:
                value = self.value_of(caller, arg)
                if value is not None:
                    out.append((caller, site, value))
                    if first:
                        break
        return out

    def passed_arguments(
        self, func: Func, param: Param, index: int
    ) -> list[tuple[Func, tuple | None]]:
        """(caller, the argument ref, None when unknown) of every call of `func`, none when a
        call by its name may be its without unjam knowing, or passes it through `*args`/
        `**kwargs`: what every caller passes, or nothing."""
        out: list[tuple[Func, tuple | None]] = []
        sites = self.sites_named(func.fd.name)
        if len(sites) > _MAX_HINT_SITES:
            return []  # (not every caller would be seen)
        for caller, site in sites:
            callee = self.callee(caller, site.func)
            if callee is None:
                return []
            if callee[1] != func.gqn:
                continue  # (another function of that name)
            position = self._position(func, caller, site, index, frozenset())
            spread = any(arg[0] == "star" for arg in site.args) or any(
                key is None for key, _ in site.kwargs
            )
            if position is None or spread:
                return []
            out.append((caller, argument(site, param, position)))
        return out

    def _built_by(self, init: Func) -> frozenset[str]:
        """The classes whose construction runs `init`: its own, and each project subclass
        that inherits it (`NavService(Repo())` runs `Service.__init__(self, repo)`)."""
        own = init.class_gqn or ""
        if self._subclasses is None:
            self._subclasses = {}
            for gqn in self.classes:
                for base in self.mro(gqn)[0][1:]:
                    self._subclasses.setdefault(base, []).append(gqn)
        found = {own}
        for sub in self._subclasses.get(own, ()):
            inherited = self.method(sub, "__init__")
            if inherited is not None and inherited.gqn == init.gqn:
                found.add(sub)
        return frozenset(found)

    def _position(
        self, func: Func, caller: Func, site: CallSite, index: int, built: frozenset[str]
    ) -> int | None:
        """Where the call site passes `func`'s parameter number `index` (one less when the
        call binds `self`, or constructs one of the classes `built` runs `func` for), or
        None when the site does not call `func`."""
        callee = self.callee(caller, site.func)
        if callee is None:
            return None
        if built:
            if callee[0] != "class" or callee[1] not in built:
                return None
            return index - 1
        if callee[1] == func.gqn and callee[0] in ("func", "meth"):
            return index - 1 if binds_first(func, callee[0], site, index) else index
        return None

    # ---- annotations, aliases and Depends -----------------------------------------------

    def alias(self, scope: Func, ann: tuple | None) -> tuple[Func, tuple | None]:
        """Expand a type alias (`SessionDep = Annotated[Session, Depends(get_db)]`, also
        imported) to (the scope that defines it, its `Annotated[...]` ref)."""
        if ann is None or ann[0] not in ("name", "attr"):
            return scope, ann
        if ann[0] == "name":
            modname, name = scope.mod.name, ann[1]
        else:
            base = self.value_of(scope, ann[1])
            if base is None or base[0] != "mod":
                return scope, ann
            modname, name = base[1], ann[2]
        key = (modname, name)
        found = self._aliases.get(key, _MISSING)
        if found is _MISSING:
            found = self._aliases[key] = self._alias_of(modname, name)
        return (scope, ann) if found is None else found

    def _module_binding(self, scope: Func, name: str) -> tuple[str, str]:
        """(module, name) of the module-level `name` a scope reads: its own module's, or the
        one a function-local import binds (`def factory(): from app.main import CURRENT_USER`,
        read by a `def` nested in it)."""
        for value in scope.fd.locals.get(name, ()) if scope.fd.qn != "<module>" else ():
            if value[0] == "imp" and value[3]:
                target = self.import_target(scope.mod, ImportRef(value[1], value[2], value[3]))
                modname, _, member = target.rpartition(".")
                return modname, member
        return scope.mod.name, name

    def _alias_of(
        self, modname: str, name: str, kind: str = "sub"
    ) -> tuple[Func, tuple | None] | None:
        """(module scope, `X[...]` ref) of the module-level alias `name` of `modname` (or,
        for `kind` "call", the call it holds: `sorter = Depends(make_sorter(...))`),
        following imports; None for no alias. Reads the summaries only (no inference)."""
        for _ in range(10):
            mod = self.modules.get(modname)
            if mod is None:
                break
            values = mod.summary.global_values.get(name)
            if values:
                for scope_qn, ref in values:
                    if scope_qn == "<module>" and ref[0] == kind:
                        return self.module_scope(mod), ref
                break
            imp = mod.summary.imports.get(name)
            if imp is None:
                break
            target = self.import_target(mod, imp)
            modname, _, name = target.rpartition(".")
        return None

    def annotated_metadata(self, scope: Func, ann: tuple | None) -> tuple[tuple, ...]:
        """The metadata refs of `Annotated[T, meta...]` (empty for other annotations)."""
        scope, ann = self.alias(scope, ann)
        if ann is None or ann[0] != "sub" or len(ann[2]) < 2:
            return ()
        base = self.value_of(scope, ann[1])
        if base is not None and base[0] == "ext" and base[1] in _ANNOTATED:
            return ann[2][1:]
        return ()

    def is_depends(self, scope: Func, ref: tuple | None) -> bool:
        if ref is None or ref[0] != "call":
            return False
        callee = self.value_of(scope, ref[1])
        return callee == ("ext", "fastapi.Depends")

    def listed_depends(self, scope: Func, item: tuple) -> tuple[Func, tuple] | None:
        """(scope, `Depends(...)` call ref) of an item of a `dependencies=[...]` list: the
        call itself, or a module-level name bound to one (`admin_only = Depends(require_admin)`
        … `dependencies=[admin_only]`), or what a factory returns (`dependencies=
        [require_role("admin")]` of a `require_role` that returns `Depends(checker)`)."""
        if self.is_depends(scope, item):
            return scope, item
        if item[0] == "name":
            held = self._alias_of(scope.mod.name, item[1], "call")
            if held is not None and self.is_depends(*held):
                return held  # type: ignore[return-value]
        if item[0] == "call":
            return self._made_depends(scope, item)
        return None

    def param_depends(self, func: Func, param: Param) -> tuple[Func, tuple] | None:
        """(scope, `Depends(...)` call ref) of a parameter (default or inside Annotated)."""
        scope = self.parent_scope(func)
        default = param.default
        if default is not None and self.is_depends(scope, default):
            return scope, default
        if default is not None and default[0] == "name":  # `sorter: Sorter = _sorter_dep`
            held = self._alias_of(*self._module_binding(scope, default[1]), "call")
            if held is not None and self.is_depends(*held):
                return held  # type: ignore[return-value]
        if default is not None and default[0] == "call":  # `user: User = require_role("admin")`
            made = self._made_depends(scope, default)
            if made is not None:
                return made
        alias_scope, ann = self.alias(scope, param.annotation)
        for meta in self.annotated_metadata(alias_scope, ann):
            if self.is_depends(alias_scope, meta):
                return alias_scope, meta
            if meta[0] == "call":
                made = self._made_depends(alias_scope, meta)
                if made is not None:
                    return made
        return None

    def depends_unpicked(self, func: Func, param: Param) -> str:
        """The project factory the parameter's default or `Annotated[...]` metadata calls,
        when its several `return`s are all `Depends(...)` (`RoleACL(allow_user=True, ...)`,
        one nested dependency per combination of its flags): FastAPI solves one of them,
        which unjam does not pick, so what that one depends on is unseen. "" for none."""
        scope = self.parent_scope(func)
        calls = [param.default] if param.default is not None else []
        alias_scope, ann = self.alias(scope, param.annotation)
        metadata = self.annotated_metadata(alias_scope, ann)
        pairs = [(scope, c) for c in calls] + [(alias_scope, m) for m in metadata]
        for where, call in pairs:
            if call[0] != "call":
                continue
            callee = self.callee(where, call[1])
            factory = self.funcs.get(callee[1]) if callee and callee[0] == "func" else None
            if factory is None:
                continue
            returned = factory.fd.return_values
            if len(returned) > 1 and all(self.is_depends(factory, r) for r in returned):
                return factory.display
        return ""

    def _made_depends(self, scope: Func, call: tuple) -> tuple[Func, tuple] | None:
        """(factory, the `Depends(...)` it returns) of a call to an undecorated project
        function whose one return value is a `Depends(...)` call: `def require_role(role):
        return Depends(RoleChecker(role))`, used as `Annotated[User, require_role("admin")]`."""
        found = self._one_return(scope, call)
        return found if found is not None and self.is_depends(*found) else None

    def _one_return(self, scope: Func, call: tuple) -> tuple[Func, tuple] | None:
        """(factory, what it returns) of a call to an undecorated project function with one
        `return`: a dependency factory whose result FastAPI is handed."""
        callee = self.callee(scope, call[1])
        factory = self.funcs.get(callee[1]) if callee is not None and callee[0] == "func" else None
        if factory is None or factory.fd.decorators or len(factory.fd.return_values) != 1:
            return None
        return factory, factory.fd.return_values[0]

    def _factory_choice(self, scope: Func, call: tuple) -> Value | None:
        """`Depends(get_authorizer(required=False))` of `def get_authorizer(*, required=True):
        return _user if required else _optional_user`: the branch the call's flag picks."""
        found = self._one_return(scope, call)
        if found is None:
            return None
        factory, returned = found
        if returned[0] != "ifexp" or len(returned) < 4 or returned[3][0] != "name":
            return None
        flag = returned[3][1]
        if flag in factory.fd.locals or all(q.name != flag for q in factory.fd.params):
            return None
        passed = _flag_passed(factory, call, flag)
        if passed is _MISSING:
            return None
        return self.value_of(factory, returned[1] if passed else returned[2])

    def _may_return_unseen(self, scope: Func, call: tuple) -> bool:
        """`Depends(get_user())` of a factory returning `lambda: None` where the settings
        lack Auth0's and `auth.get_user` (an outside callable) where they have them: which
        one FastAPI is handed is the deployment's, and what the outside one runs is not
        known, so the dependency is not counted as the project's."""
        callee = self.callee(scope, call[1])
        factory = self.funcs.get(callee[1]) if callee is not None and callee[0] == "func" else None
        if factory is None or factory.fd.decorators or len(factory.fd.return_values) < 2:
            return False
        values = [self.value_of(factory, ref) for ref in factory.fd.return_values]
        return any(value is None or value[0] == "ext" for value in values)

    def depends_target(self, scope: Func, param: Param | None, call: tuple) -> Value | None:
        """What `Depends(x)` calls (x evaluated in `scope`), or the annotation's class for
        `Depends()` (an outside one as ("ext", its name))."""
        args, kwargs = call[2], dict(call[3])
        target = args[0] if args else kwargs.get("dependency")
        if target is not None and target != ("const", None):
            if target[0] == "call":
                chosen = self._factory_choice(scope, target)
                if chosen is not None:
                    return chosen
                if self._may_return_unseen(scope, target):
                    return None
            return self.value_of(scope, target)
        if param is not None and param.annotation is not None:
            alias_scope, ann = self.alias(scope, param.annotation)
            typed = self.annotation_type(alias_scope, ann)
            if typed is not None and typed[0] == "obj":
                return ("class", typed[1])
            if typed is not None and typed[0] == "inst":
                return ("ext", typed[1])
        return None


def _flag_passed(factory: Func, call: tuple, name: str) -> object:
    """The constant the call `factory(...)` gives parameter `name` (by keyword, by position,
    or its default), else `_MISSING`."""
    params = factory.fd.params
    if factory.class_gqn is not None or any(q.kind in ("vararg", "kwarg") for q in params):
        return _MISSING  # (a method may be bound; a spread may hide it)
    kwargs = dict(call[3])
    index = next(i for i, q in enumerate(params) if q.name == name)
    param = params[index]
    if name in kwargs:
        ref = kwargs[name]
    elif param.kind == "pos" and index < len(call[2]):
        ref = call[2][index]
    else:
        ref = param.default
    spread = None in kwargs or any(a[0] == "star" for a in call[2])  # `f(*a)`, `f(**kw)`
    if ref is None or ref[0] != "const" or spread:
        return _MISSING
    return ref[1]


def _may_pass(site: CallSite, param: Param, index: int) -> bool:
    """Whether the call site may pass an argument for the parameter, by position (before
    binding `self`, it may be either of two) or by keyword: a cheap test before typing its
    callee."""
    args = site.args
    if param.kind == "pos" and (
        (0 <= index < len(args) and args[index][0] != "star")
        or (0 < index <= len(args) and args[index - 1][0] != "star")
    ):
        return True
    return any(kw == param.name for kw, _ in site.kwargs)


def binds_first(target: Func, kind: str, site: CallSite, index: int) -> bool:
    """Whether the call binds the callee's first parameter (`self`, `cls`), so that its
    parameter `index` is the call's argument `index - 1`: a bound method (`obj.m(a)`), or a
    method named through a class or `super()`, which is most often a classmethod's or a
    base's; never a staticmethod, whichever way it is named."""
    if target.class_gqn is None or is_static(target.fd):
        return False
    return kind == "meth" or (site.func[0] == "attr" and index > 0)


def argument(site: CallSite, param: Param, position: int) -> tuple | None:
    """The argument ref the call site passes for the parameter at `position` (after
    binding), else by its keyword (the last one given)."""
    arg = None
    if param.kind == "pos" and 0 <= position < len(site.args):
        arg = site.args[position]
        if arg[0] == "star":
            arg = None
    if arg is None:
        for kw, ref in site.kwargs:
            if kw == param.name:
                arg = ref
    return arg


_BINDING_KEPT = frozenset((("name", "staticmethod"), ("name", "classmethod")))


def fails_to_bind(site: CallSite, target: Func, kind: str) -> bool:
    """Whether the call surely cannot bind its arguments to `target`'s parameters, so that
    Python raises TypeError before the body runs: a parameter without a default left
    unbound (`crud.update(db=db, obj_in=x)` of `def update(self, *, db, db_obj, obj_in)`), a
    keyword no parameter takes, more positional arguments than it has. Only where the
    binding is certain: the call names the function itself (not a `partial` or another
    value that may bind arguments first), a plain function, a method bound to an instance
    (`obj.m(...)`; a method named through its class may be handed `self` or not) or a
    staticmethod, undecorated but for staticmethod/classmethod (a decorator may change the
    signature), and no `*args`/`**kwargs` spread in the call."""
    fd = target.fd
    ref = site.func
    named = ref[1] if ref[0] == "name" else ref[2] if ref[0] == "attr" else None
    if named != fd.name or site.is_with:
        return False
    if any(d not in _BINDING_KEPT for d, _line, _col in fd.decorators):
        return False
    if kind == "meth":
        params = fd.params if is_static(fd) else fd.params[1:]
    elif kind == "func" and (target.class_gqn is None or is_static(fd)):
        params = fd.params  # (a staticmethod named through its class takes no `self`)
    else:
        return False
    return _binds_badly(site, params)


def construction_fails(site: CallSite, init: Func, class_name: str) -> bool:
    """Whether building an object by `site` (`EventService(self.db)`) surely cannot bind its
    arguments to the class's `__init__` (`def __init__(self, db, storage)`): TypeError. Only
    a call that names the class itself (not a `partial(Repo, Model)` kept as `self.repo`,
    which passes some arguments first)."""
    fd = init.fd
    ref = site.func
    named = ref[1] if ref[0] == "name" else ref[2] if ref[0] == "attr" else None
    if named != class_name or site.is_with or fd.decorators or not fd.params:
        return False
    return _binds_badly(site, fd.params[1:])


def _binds_badly(site: CallSite, params: tuple[Param, ...]) -> bool:
    """Whether the call's arguments leave a parameter without a default unbound, pass a
    keyword no parameter takes, or more positional arguments than there are positional
    parameters — one pass over the parameters, as this runs for every call of a project
    function."""
    args = site.args
    if any(arg[0] == "star" for arg in args):
        return False
    keywords = [kw for kw, _ in site.kwargs]
    if None in keywords:  # `**options`: any keyword may come from it
        return False
    given = len(args)
    positional = 0
    takes_more = takes_any_keyword = False
    for param in params:
        kind = param.kind
        if kind == "pos":
            if param.default is None and positional >= given and param.name not in keywords:
                return True
            positional += 1
        elif kind == "kwonly":
            if param.default is None and param.name not in keywords:
                return True
        elif kind == "vararg":
            takes_more = True
        else:
            takes_any_keyword = True
    if given > positional and not takes_more:
        return True
    if not keywords or takes_any_keyword:
        return False
    names = {param.name for param in params}
    return any(kw not in names for kw in keywords)
