"""Decorators that hand a call's arguments to the function unchanged.

values.py judges a call's arguments only for an undecorated callee: a decorator may change
the signature or the arguments. The commonest kind changes neither:

    def handle_timeout(func):
        @wraps(func)
        def wrapper(*args, **kwargs):
            try:
                return func(*args, **kwargs)
            except TimeoutError: ...
        return wrapper

A project function of one parameter that returns only functions it defines, each taking
`(*args, **kwargs)` alone, leaving them as they are (no `kwargs["user"] = …`, no
`kwargs.setdefault(…)`, no rebinding) and calling the wrapped function only as
`func(*args, **kwargs)` (awaited or not), and handing it nowhere else, is such a decorator;
the call's arguments are then the callee's. (Handing `kwargs` to another function, as a
log line does, is taken as leaving it alone.) So is one that returns `Wrapper(func)` of a
project class whose `__init__(self, func)` keeps `func` as `self.x` and whose `__call__(self,
*args, **kwargs)` calls `self.x(*args, **kwargs)` alike. So are `@contextmanager` and
`@asynccontextmanager`: `with f(a):` calls `f(a)` to get the generator it runs; and
loguru's bare `@logger.catch`, which logs what the call raises. A decorator made by a
call (`@sentry.watch()`, `@metered("put")`) is one when the function or method called
returns only decorators it defines that are: what it was given stays in their closure
(a metric's name), and the wrapped function's arguments pass as they are. So is one that
hands back the function itself after marking it (`_mark(obj); return obj`), and an API
annotation written to be used bare or called (Ludwig's and Ray's `def DeveloperAPI(*args,
**kwargs)`, which, given the function alone, returns `DeveloperAPI()(args[0])`).

A wrapper may also add a keyword the call leaves out, passing the rest as they are:
Airflow's `@provide_session` calls `func(*args, session=session, **kwargs)` when the call
passes no session, having asked only `signature(func)` of the function, through a helper
of its own. `injected` names such keywords: what the call gives the other parameters is
theirs, and what that one holds is unknown (`all_transparent` is for decorators that add
none). A wrapper may also set or remove keys of `kwargs` by name, itself or through a
helper that hands the dict back (litellm's `@client`): those keys are injected too
(wrapper_edits.py). It may hand the function to a logger or a cache handler beside its own
call: what the call's arguments reach is that call. Where a decorator returns an `async def`
wrapper for coroutine functions and a `def` one for the rest, the function's own kind picks
the wrapper judged."""

from __future__ import annotations

from unjam.analysis.project import Func, Project
from unjam.analysis.project_index import FILLERS
from unjam.analysis.summary import FuncDef
from unjam.analysis.wrapper_edits import forwarded_edits

_PLAIN = frozenset({("name", "staticmethod"), ("name", "classmethod")})
# library decorators whose wrapper calls the function with the call's arguments, unchanged
_LIBRARY_PASSING = frozenset(
    ("contextlib.contextmanager", "contextlib.asynccontextmanager", "loguru.logger.catch")
)
_NONE: frozenset[str] = frozenset()  # (no keyword added: the call's arguments as they are)
# what a decorator or its wrapper may hand the function to without anything calling it:
# `wraps(func)`, and questions about it (`inspect.iscoroutinefunction(func)` to pick a sync or
# async wrapper, `get_type_hints(func)` to check the arguments' types)
_INSPECTS = frozenset(
    {
        ("name", "wraps"),
        ("attr", ("name", "functools"), "wraps"),
        ("name", "iscoroutinefunction"),
        ("attr", ("name", "inspect"), "iscoroutinefunction"),
        ("attr", ("name", "inspect"), "isgeneratorfunction"),
        ("attr", ("name", "inspect"), "isasyncgenfunction"),
        ("attr", ("name", "asyncio"), "iscoroutinefunction"),
        ("attr", ("name", "inspect"), "signature"),
        ("name", "signature"),
        ("attr", ("name", "inspect"), "getfullargspec"),
        ("name", "get_type_hints"),
        ("attr", ("name", "typing"), "get_type_hints"),
        ("name", "callable"),
        ("name", "hasattr"),
        ("name", "getattr"),
        ("name", "setattr"),
        ("name", "isinstance"),
    }
)


class TransparentDecorators:
    def __init__(self, project: Project):
        self.project = project
        # decorator gqn → the keywords it adds, passing the others through (None: it may not)
        self._known: dict[tuple[str, bool | None], frozenset[str] | None] = {}

    def all_transparent(self, func: Func) -> bool:
        """Whether each of `func`'s decorators passes the call's arguments through."""
        return self.injected(func) == _NONE

    def injected(self, func: Func) -> frozenset[str] | None:
        """The keywords `func`'s decorators add to a call that passes none of them
        (`@provide_session`: `func(*args, session=session, **kwargs)`), each passing the
        call's arguments through otherwise; None when one may change the others."""
        decorators = func.fd.decorators
        if not decorators:
            return _NONE
        p = self.project
        scope = p.parent_scope(func)
        added: frozenset[str] = _NONE
        for ref, _line, _col in decorators:
            if ref in _PLAIN:
                continue
            if ref[0] == "call":
                if self._factory_passes(scope, ref[1]):
                    continue  # `@sentry.watch()`, `@_metered("put")`: a factory of such
                return None
            value = p.value_of(scope, ref) if ref[0] in ("name", "attr") else None
            if value is not None and value[0] == "ext" and value[1] in _LIBRARY_PASSING:
                continue
            through = (
                self._through(value[1], func.fd.is_async)
                if value is not None and value[0] == "func"
                else None
            )
            if through is None:
                return None
            added |= through
        return added

    def _factory_passes(self, scope: Func, called: tuple) -> bool:
        """Whether `called` is a project function or method that returns only decorators it
        defines, each passing the arguments through
        (`def watch(self): def watch_dec(func): … return wrapper … return watch_dec`)."""
        p = self.project
        value = p.callee(scope, called)
        factory = (
            p.funcs.get(value[1]) if value is not None and value[0] in ("func", "meth") else None
        )
        if factory is None or not factory.fd.return_values:
            return False
        own = {("name", q.name) for q in factory.fd.params if q.kind == "pos"}
        for ref in factory.fd.return_values:
            if self._applies_itself(factory, ref) or ref in own:
                continue  # (the bare form's branch: `return PublicAPI()(args[0])`, or the
                # function itself, `if callable(name): return name` of `@tracer.wrap`)
            inner_qn = factory.fd.local_defs.get(ref[1]) if ref[0] == "name" else None
            if inner_qn is None or not self._passes_through(f"{factory.mod.name}.{inner_qn}"):
                return False
        return True

    def _passes_through(self, gqn: str) -> bool:
        return self._through(gqn) == _NONE

    def _through(self, gqn: str, is_async: bool | None = None) -> frozenset[str] | None:
        """The keywords the decorator `gqn` adds, when it passes the rest through, to an
        `async def` (`is_async`), a `def`, or either (None)."""
        key = (gqn, is_async)
        if key not in self._known:
            self._known[key] = None  # (a cycle of decorators: not shown to pass through)
            self._known[key] = self._find(gqn, is_async)
        return self._known[key]

    def _find(self, gqn: str, is_async: bool | None) -> frozenset[str] | None:
        p = self.project
        decorator = p.funcs.get(gqn)
        if decorator is None:
            return None
        fd = decorator.fd
        if [q.kind for q in fd.params] == ["vararg", "kwarg"] and fd.return_values:
            return _NONE if self._factory_passes(decorator, ("name", fd.name)) else None
        if len(fd.params) != 1 or fd.params[0].kind != "pos" or not fd.return_values:
            return None
        wrapped = ("name", fd.params[0].name)
        built = {
            ref[1]: p.value_of(decorator, ref[1])
            for ref in fd.return_values
            if _builds_with(ref, wrapped)
        }
        wrappers = {name for name, value in built.items() if value is None or value[0] != "func"}
        inspecting = self._inspecting(decorator, wrapped)
        if wrappers:  # `return Wrapper(func)`
            passes = (
                all(_builds_with(ref, wrapped) for ref in fd.return_values)
                and not _hands_on(fd, wrapped, inspecting | wrappers, returns=False)
                and all(self._class_forwards(p.value_of(decorator, w)) for w in wrappers)
            )
            return _NONE if passes else None
        if _hands_on(fd, wrapped, inspecting | frozenset(built), returns=False):
            return None  # `REGISTRY.append(func)`: something else may call it
        added: frozenset[str] = _NONE
        for ref in self._applying(decorator, is_async):
            if ref == wrapped:
                continue  # `return obj`, the function itself (annotated, registered)
            if ref[1] in built:  # `return time_me_async(func)`: another decorator's wrapper
                value = built[ref[1]]
                through = self._through(value[1], is_async) if value is not None else None
                if through is None:
                    return None
                added |= through
                continue
            inner = self._inner(decorator, ref)
            through = self._forwards(inner, wrapped) if inner is not None else None
            if through is None:
                return None
            added |= through
        return added

    def _inner(self, decorator: Func, ref: tuple) -> Func | None:
        """The function the decorator defines that `ref` names (`return wrapper`)."""
        inner_qn = decorator.fd.local_defs.get(ref[1]) if ref[0] == "name" else None
        return self.project.funcs.get(f"{decorator.mod.name}.{inner_qn}") if inner_qn else None

    def _applying(self, decorator: Func, is_async: bool | None) -> list[tuple]:
        """What the decorator returns for an `async def` (`is_async`) or a `def`: where it
        returns wrappers it defines of both kinds (`return wrapper_async if
        iscoroutinefunction(func) else wrapper`), those of the function's own kind."""
        returned = decorator.fd.return_values
        if is_async is None:
            return returned
        inners = [self._inner(decorator, ref) for ref in returned]
        kinds = [inner.fd.is_async for inner in inners if inner is not None]
        if len(kinds) < len(returned) or len(set(kinds)) < 2:
            return returned
        return [ref for ref, kind in zip(returned, kinds, strict=True) if kind == is_async]

    def _applies_itself(self, decorator: Func, ref: tuple) -> bool:
        """`return PublicAPI()(args[0])` in `def PublicAPI(*args, **kwargs)`: the bare form
        (`@PublicAPI`) applies the decorator the called form (`@PublicAPI()`) returns."""
        if ref[0] != "call" or ref[1][0] != "call" or len(ref[2]) != 1 or ref[3]:
            return False
        params = decorator.fd.params
        argument = ref[2][0]
        if not params or argument[:2] != ("sub", ("name", params[0].name)):
            return False
        callee = self.project.callee(decorator, ref[1][1])
        return callee is not None and callee[1] == decorator.gqn

    def _inspecting(self, decorator: Func, wrapped: tuple) -> frozenset[tuple]:
        """The callees the decorator may hand the function to: the questions `_INSPECTS`
        lists, one named as a question (`_asks`), and a project function that asks only
        those of it (Airflow's `find_session_idx(func)`, which reads `signature(func)`)."""
        found = set(_INSPECTS)
        for site in decorator.fd.calls:
            if wrapped not in site.args or site.func in found:
                continue
            if _asks(site.func):
                found.add(site.func)
                continue
            callee = self.project.callee(decorator, site.func)
            target = self.project.funcs.get(callee[1]) if callee and callee[0] == "func" else None
            if target is None:
                continue
            index, params = site.args.index(wrapped), target.fd.params
            if index < len(params) and params[index].kind == "pos":
                asked = ("name", params[index].name)
                if not _hands_on(target.fd, asked, _INSPECTS) and not _called(target.fd, asked):
                    found.add(site.func)
        return frozenset(found)

    def _class_forwards(self, value: tuple | None) -> bool:
        """A project class whose `__init__(self, func)` keeps `func` as `self.x` and whose
        `__call__(self, *args, **kwargs)` calls `self.x(*args, **kwargs)`."""
        if value is None or value[0] != "class":
            return False
        cls = value[1]
        init = self.project.funcs.get(f"{cls}.__init__")
        call = self.project.funcs.get(f"{cls}.__call__")
        if init is None or call is None or [q.kind for q in init.fd.params] != ["pos", "pos"]:
            return False
        this, func = (("name", q.name) for q in init.fd.params)
        kept = [attr for base, attr, value in init.fd.attr_stores if (base, value) == (this, func)]
        if len(kept) != 1 or not call.fd.params:
            return False
        forwarded = ("attr", ("name", call.fd.params[0].name), kept[0])
        return self._forwards(call, forwarded, skip=1) == _NONE

    def _forwards(self, inner: Func, wrapped: tuple, skip: int = 0) -> frozenset[str] | None:
        """`def wrapper(*args, **kwargs)` (after `skip` parameters: a method's `self`)
        calling `wrapped(*args, **kwargs)`, and handing `wrapped` to nothing that keeps it:
        the keywords some of those calls add (`wrapped(*args, session=session, **kwargs)`)
        or it sets on the way (wrapper_edits.py), or None when it does not forward so."""
        fd = inner.fd
        params = fd.params[skip:]
        if [q.kind for q in params] != ["vararg", "kwarg"]:
            return None
        star = (("star", ("name", params[0].name)),)
        spread = (None, ("name", params[1].name))
        forwarded = [site for site in fd.calls if site.func == wrapped]
        added: set[str] = set()
        for site in forwarded:
            names = [name for name, _value in site.kwargs if name is not None]
            if site.args != star or [kw for kw in site.kwargs if kw[0] is None] != [spread]:
                return None
            added.update(names)
        edited = forwarded_edits(self.project, inner, params[0].name, params[1].name)
        if not forwarded or edited is None or _hands_on(fd, wrapped, _asking(fd)):
            return None
        return frozenset(added) | edited


def _called(fd: FuncDef, name: tuple) -> bool:
    """Whether `fd` calls what `name` holds."""
    return any(site.func == name for site in fd.calls)


def _builds_with(ref: tuple, wrapped: tuple) -> bool:
    """`Wrapper(func)`: a call of a name with `wrapped` as its one argument."""
    return ref[0] == "call" and ref[1][0] == "name" and ref[2] == (wrapped,) and not ref[3]


def _hands_on(fd: FuncDef, name: tuple, allowed: frozenset[tuple], returns: bool = True) -> bool:
    """Whether `fd` uses `name` as a value — passes it, stores it, returns it (unless not
    `returns`) — other than calling it or handing it to one of the `allowed` callees
    (`wraps(func)`)."""
    refs: list = [*(fd.return_values if returns else ()), *fd.yield_values]
    for values in fd.locals.values():
        refs.extend(values)
    for _base, _attr, value in fd.attr_stores:
        refs.append(value)
    for _container, _key, value in fd.item_stores:
        refs.append(value)
    for site in fd.calls:
        if site.func not in allowed:
            refs.extend(site.args)
            refs.extend(value for _, value in site.kwargs)
    return any(_mentions(ref, name, allowed) for ref in refs)


def _asking(wrapper: FuncDef) -> frozenset[tuple]:
    """The callees a wrapper may hand the function to: all it calls but a container's
    fillers (`append`, `add`, `put`, ...; `ERRORS.append((err, func))`: whoever reads the
    list may call it with anything). A logger, a cache handler or a retry helper given the
    function per call reads it or calls it with the arguments it came with; the call the
    wrapper makes itself is the one the call's arguments reach."""
    return _INSPECTS | frozenset(
        site.func
        for site in wrapper.calls
        if not (site.func[0] == "attr" and site.func[2] in FILLERS)
    )


def _asks(callee: tuple) -> bool:
    """A call named as a question (`checker.is_async_callable(func)`, `has_handler(f)`)."""
    name = callee[2] if callee[0] == "attr" else callee[1] if callee[0] == "name" else ""
    return isinstance(name, str) and name.startswith(("is_", "has_"))


def _mentions(ref: tuple, name: tuple, asked: frozenset[tuple] = _INSPECTS) -> bool:
    """Whether `name` appears in `ref` other than as the base of an attribute, as the
    callee of a call (`func.__name__`, `func(...)`: read, not handed on) or as an argument
    of a question about it, one of `asked` (`hints = get_type_hints(func)`)."""
    stack = [ref]
    while stack:
        item = stack.pop()
        if item == name:
            return True
        if not item or type(item) is not tuple:
            continue
        if item[0] == "call" and item[1] in asked:
            continue
        if item[0] == "attr" or item[0] == "call":
            callee = item[1]  # an attribute's base, a call's callee: read, not handed on
            if callee != name:
                stack.append(callee)
            stack.extend(child for child in item[2:] if type(child) is tuple)
            continue
        stack.extend(child for child in item if type(child) is tuple)
    return False
