"""Expressions: what a name, attribute, call, subscript or annotation evaluates to, and what
a call's function expression names, with the memo caches that make this affordable for
every call site of a large project (why each cache returns what recomputing would:
project.py's docstring).

A layer of `Project` (see project_index.py); the values are project.py's tuples.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from unjam.analysis.class_index import ClassIndex
from unjam.analysis.project_index import _BUSY, _MISSING, _RETURN, Func, Value
from unjam.analysis.summary import CallSite, ImportRef, last_name

_UNWRAP_FIRST = {
    "typing.Optional",
    "typing.Union",
    "typing.Generator",
    "typing.Iterator",
    "typing.Iterable",
    "typing.AsyncGenerator",
    "typing.AsyncIterator",
    "typing.AsyncIterable",
    "typing.ContextManager",
    "typing.AsyncContextManager",
    "contextlib.AbstractContextManager",
    "contextlib.AbstractAsyncContextManager",
    "collections.abc.Generator",
    "collections.abc.Iterator",
    "collections.abc.Iterable",
    "collections.abc.AsyncGenerator",
    "collections.abc.AsyncIterator",
    "collections.abc.AsyncIterable",
    "typing.Awaitable",
    "typing.Coroutine",
    "typing_extensions.Annotated",
    "typing.Annotated",
}
# `dict[str, Client]`: a container whose items are typed ("items", item value)
_CLASSES_OF = {"typing.Type", "builtins.type"}  # `Type[X]`, `type[X]`: the class X
_MAPPINGS = {
    "builtins.dict",
    "typing.Dict",
    "typing.Mapping",
    "typing.MutableMapping",
    "typing.DefaultDict",
    "collections.defaultdict",
    "collections.abc.Mapping",
    "collections.abc.MutableMapping",
}
_ITEM_GETTERS = frozenset({"get", "setdefault", "pop"})
# annotations naming plain data: a parameter so annotated holds no client or session
_PLAIN_TYPES = frozenset(
    f"builtins.{name}" for name in ("str", "int", "float", "bool", "bytes", "complex")
)
_UNIONS = frozenset({"typing.Optional", "typing.Union"})
_ANNOTATED = frozenset({"typing.Annotated", "typing_extensions.Annotated"})
# decorators that memoise a function's result: its body runs on a cache miss only
_MEMOISING = frozenset(
    ("ext", name)
    for name in (
        "functools.lru_cache",
        "functools.cache",
        "cachetools.cached",
        "cachetools.func.ttl_cache",
        "cachetools.func.lru_cache",
        "cachetools.func.lfu_cache",
        "cachetools.func.fifo_cache",
        "cachetools.func.rr_cache",
        "async_lru.alru_cache",
        "aiocache.cached",
        "aiocache.decorators.cached",
        "aiocache.multi_cached",
        "aiocache.decorators.multi_cached",
    )
)
# ... of those, the ones that keep what the call returns: on an `async def`, the coroutine,
# which can be awaited once: the body runs again for each new argument and a repeated call
# raises RuntimeError, so nothing is served from the cache
_KEEP_THE_COROUTINE = frozenset(
    ("ext", name) for name in ("functools.lru_cache", "functools.cache")
)
# the decorators that make a generator function a context manager's factory
_MANAGER_DECORATORS = frozenset({"contextmanager", "asynccontextmanager"})
# calls whose result calls their first argument: `partial(f, a)(b)` and
# `asynccontextmanager(f)()` run f's body (the first binds arguments: values.py sees them)
_CALLS_FIRST = frozenset(
    ("functools.partial", "contextlib.contextmanager", "contextlib.asynccontextmanager")
)
# dependency-injection containers' lookups: `injector.get(Service)` is a `Service`, built or
# kept by the container (so no construction is implied here, only the type)
_INSTANCE_OF_FIRST = frozenset(
    (
        "injector.Injector.get",
        "punq.Container.resolve",
        "lagom.Container.resolve",
        "svcs.Container.get",
    )
)
_MAX_DEPTH = 120


class Inference(ClassIndex):
    def __post_init__(self) -> None:
        super().__post_init__()
        self._attributes: dict[tuple[Value, str], Value | None] = {}  # → attribute()
        self._members: dict[tuple[Value, str], Value | None] = {}  # → a callee `base.attr`

    # ---- expressions --------------------------------------------------------------------

    def value_of(self, func: Func, ref: tuple) -> Value | None:
        # The memo doubles as the set of inferences under way (_BUSY): a ref is hashed
        # three times per inference instead of five, which shows on large call refs.
        memo = func.memo
        value = memo.get(ref, _MISSING)
        if value is not _MISSING:
            if value is _BUSY:  # a cycle: cut it here
                self._cut += 1
                return None
            return value
        if self._depth > _MAX_DEPTH:
            self._cut += 1
            return None
        tag = ref[0]
        if tag == "name":
            # a name no enclosing scope binds means what it means at module level: what
            # `lookup_name` would return, kept per module when inferred without a cycle cut
            fd = func.fd
            name = ref[1]
            if fd.parent is None and (
                fd.qn == "<module>"
                or name in fd.globals_declared
                or (
                    name not in fd.local_defs
                    and name not in fd.locals
                    and name not in fd.local_annotations
                    and name
                    not in (
                        self._param_names(func) if func.param_names is None else func.param_names
                    )
                )
            ):
                value = func.mod.names.get(name, _MISSING)
                if value is not _MISSING:
                    memo[ref] = value
                    return value
                tag = "global"
        memo[ref] = _BUSY
        cut = self._cut
        self._depth += 1
        try:
            if tag == "global":
                value = self.global_name(func.mod, ref[1])
            elif tag == "name":
                value = self.lookup_name(func, ref[1])
            else:
                value = self._value_of(func, ref)
        except RecursionError:
            value = None
        except BaseException:
            del memo[ref]  # nothing is memoised for an inference that raised
            raise
        finally:
            self._depth -= 1
        if cut == self._cut:
            memo[ref] = value
        else:  # an answer found across a cycle cut depends on where the search began
            del memo[ref]
        if self._depth == 0:
            self.end_of_inference()
        return value

    def _value_of(self, func: Func, ref: tuple) -> Value | None:
        tag = ref[0]
        if tag == "name":
            return self.lookup_name(func, ref[1])
        if tag == "attr":
            base = self.value_of(func, ref[1])
            return None if base is None else self.attribute(base, ref[2])
        if tag == "call":
            return self.call_result(func, ref)
        if tag == "await" or tag == "enter":
            manager = self._manager_generator(func, ref[1]) if tag == "enter" else None
            if manager is not None:
                return self.yielded_value(manager)  # (`with get_session() as session`)
            value = self.value_of(func, ref[1])
            if tag == "enter" and value is not None and value[0] == "obj":
                method = self.method(value[1], "__enter__")
                if method is not None:
                    returned = self.return_value(method)
                    return returned if returned is not None else value
            return value
        if tag == "lambda":
            return ("func", f"{func.mod.name}.{ref[1]}")
        if tag == "imp":
            return self.resolve_qn(self.import_target(func.mod, ImportRef(ref[1], ref[2], ref[3])))
        if tag in ("ifexp", "boolop"):
            parts = ref[1:3] if tag == "ifexp" else ref[1]  # (an `ifexp`'s test is ref[3])
            for part in parts:
                value = self.value_of(func, part)
                if value is not None:
                    return value
            return None
        if tag == "sub":
            base = self.value_of(func, ref[1])
            if base is not None and base[0] == "items":
                return base[1]
            if base is not None and base[0] == "inst":
                prop = self.catalogue.attribute(base[1], "__getitem__")
                return ("inst", prop) if prop else None
            return None
        if tag == "dict":
            item = self._item_value(func, ref[1])
            return None if item is None else ("items", item)
        if tag == "binop" and ref[1] == "Div":
            left = self.value_of(func, ref[2])
            if left == ("inst", "pathlib.Path"):
                return left
        if tag == "binop" and ref[1] == "BitOr":
            return self._composed(func, ref[2], ref[3])
        return None

    def _composed(self, func: Func, left: tuple, right: tuple) -> Value | None:
        """`a | b` of a library object whose type the catalogue says `__or__` (or, on the
        right, `__ror__`) returns: LangChain's `prompt | llm | parser` is a runnable that
        calls the model."""
        for side, method in ((left, "__or__"), (right, "__ror__")):
            value = self.value_of(func, side)
            if value is not None and value[0] == "inst":
                returned = self.catalogue.returns(f"{value[1]}.{method}")
                if returned is not None:
                    return ("inst", returned)
        return None

    def attribute(self, base: Value, attr: str) -> Value | None:
        """What `base.attr` evaluates to. It depends on no function: answers inferred
        without a cycle cut are kept for the whole project."""
        key = (base, attr)
        value = self._attributes.get(key, _MISSING)
        if value is not _MISSING:
            return value
        cut = self._cut
        value = self._attribute(base, attr)
        if cut == self._cut:
            self._attributes[key] = value
        return value

    def _attribute(self, base: Value, attr: str) -> Value | None:
        kind = base[0]
        if kind == "mod":
            return self.module_member(base[1], attr)
        if kind == "ext":
            return ("ext", self.catalogue.canonical(f"{base[1]}.{attr}"))
        if kind == "class":
            method = self.method(base[1], attr)
            if method is not None:
                return ("func", method.gqn)
            stored = self.stored(base[1], attr)
            if stored is not None:
                return stored
            for ext in self.mro(base[1])[1]:
                return ("ext", self.catalogue.canonical(f"{ext}.{attr}"))
            return None
        if kind == "obj":
            own = self._own_member(base[1], attr)
            if own is not _MISSING:
                return own
            for ext in self.mro(base[1])[1]:
                return self.attribute(("inst", ext), attr)
            return None
        if kind == "inst":
            stored = self.stored(base[1], attr)
            if stored is not None:
                return stored
            prop = self.catalogue.attribute(base[1], attr)
            if prop is not None:
                return ("inst", prop)
            return ("ext", self.catalogue.canonical(f"{base[1]}.{attr}"))
        if kind == "func":
            made = self._decorated_into(base[1])
            return None if made is None else self.attribute(("inst", made), attr)
        return None

    def _decorated_into(self, gqn: str) -> str | None:
        """The outside type a library decorator turns the function into, by the catalogue's
        `returns` for it (`@celery_app.task` and `@shared_task`: a `celery.Task`, whose
        `delay()` sends a message to the broker)."""
        func = self.funcs.get(gqn)
        if func is None or not func.fd.decorators:
            return None
        for value in self.decorator_values(func):
            if value is not None and value[0] == "ext":
                made = self.catalogue.returns(value[1])
                if made is not None:
                    return made
        return None

    def callee(self, func: Func, ref: tuple) -> Value | None:
        """What a call's function expression names; methods of outside instances stay
        addressable as ("ext", "Type.method") so the catalogue can match them."""
        if ref[0] != "attr":
            return self.value_of(func, ref)
        base = self.value_of(func, ref[1])
        return None if base is None else self.member_callee(base, ref[2])

    def called_only_from(self, func: Func, holds: Callable[[Func, CallSite], bool]) -> bool:
        """Whether some code calls `func`, and for every call by its name that may be its,
        `holds` of the calling function and the call (a call whose callee is not known may
        be its)."""
        called = False
        for caller, site in self.sites_named(func.fd.name):
            callee = self.callee(caller, site.func)
            if callee is None:
                return False
            if callee[1] != func.gqn:
                continue
            if caller.gqn == func.gqn or not holds(caller, site):
                return False
            called = True
        return called

    def direct_callers(self, func: Func) -> list[Func]:
        """The functions with a call that resolves to `func` itself, by its name (`f(...)`,
        `self.f(...)`, `obj.f(...)`): its callers as a plain function or method."""
        found: list[Func] = []
        for caller, site in self.sites_named(func.fd.name):
            callee = self.callee(caller, site.func)
            if callee is not None and callee[0] in ("func", "meth") and callee[1] == func.gqn:
                found.append(caller)
        return found

    def member_callee(self, base: Value, attr: str) -> Value | None:
        """What `base.attr` names as a call's function: a function of (base, attr) alone,
        kept for the whole project when inferred without a cycle cut (like `attribute()`)."""
        key = (base, attr)
        value = self._members.get(key, _MISSING)
        if value is _MISSING:
            cut = self._cut
            value = self._member(base, attr)
            if cut == self._cut:
                self._members[key] = value
        return value

    def _member(self, base: Value, attr: str) -> Value | None:
        """What `base.attr` names as a call's function (see `callee`)."""
        kind = base[0]
        if kind == "inst":
            stored = self.stored(base[1], attr)
            if stored is not None:
                return stored
            return ("ext", self.catalogue.canonical(f"{base[1]}.{attr}"))
        if kind == "obj":
            # as `attribute()`, but a method of an outside base class stays addressable
            own = self._own_member(base[1], attr)
            if own is not _MISSING:
                return own
            for ext in self.mro(base[1])[1]:
                return ("ext", self.catalogue.canonical(f"{ext}.{attr}"))
            return None
        return self.attribute(base, attr)

    def _own_member(self, class_gqn: str, attr: str) -> Any:
        """What `attr` of an instance of a project class is from the project alone: its
        method bound (a property's value), else a value stored on it; `_MISSING` for
        neither (typed Any: compiled, a `Value | None` return would be checked)."""
        method = self.method(class_gqn, attr)
        if method is not None:
            if self.is_property(method):
                return self.return_value(method)
            return ("meth", method.gqn)
        stored = self.stored(class_gqn, attr)
        return _MISSING if stored is None else stored

    def call_result(self, func: Func, ref: tuple) -> Value | None:
        target = ref[1]
        if target[0] == "attr" and target[2] in _ITEM_GETTERS:
            container = self.value_of(func, target[1])
            if container is not None and container[0] == "items":
                return container[1]  # `CLIENTS.get(name)`
        callee = self.callee(func, target)
        if callee is None and target[0] == "sub":
            # `FastAPIUsers[User, int](...)`, `Repository[Item](db)`: the generic class
            generic = self.value_of(func, target[1])
            callee = generic if generic is not None and generic[0] in ("ext", "class") else None
        if callee is None:
            return None
        kind = callee[0]
        if kind == "class":
            return ("obj", callee[1])
        if kind in ("func", "meth"):
            target = self.funcs.get(callee[1])
            return None if target is None else self.return_value(target)
        if kind == "obj":
            method = self.method(callee[1], "__call__")
            return None if method is None else self.return_value(method)
        if kind == "ext":
            qn = callee[1]
            if qn in _CALLS_FIRST and ref[2]:
                return self.value_of(func, ref[2][0])
            if qn == "typing.cast" and len(ref[2]) == 2:
                return self.value_of(func, ref[2][1])  # `cast(Any, router)` is `router`
            if qn in _INSTANCE_OF_FIRST and ref[2]:
                cls = self.value_of(func, ref[2][0])
                return ("obj", cls[1]) if cls is not None and cls[0] == "class" else None
            if qn == "builtins.next" and ref[2] and ref[2][0][0] == "call":
                # `db = next(get_db())`: what the generator yields first
                factory = self.callee(func, ref[2][0][1])
                gen = (
                    self.funcs.get(factory[1])
                    if factory is not None and factory[0] == "func"
                    else None
                )
                return self.yielded_value(gen) if gen is not None and gen.fd.is_generator else None
            if qn == "builtins.super":
                return self._super_value(func, ref[2])
            if qn == "builtins.type" and len(ref[2]) == 1:
                # `type(self)`: the instance's class (an outside type: unknown)
                instance = self.value_of(func, ref[2][0])
                return ("class", instance[1]) if instance and instance[0] == "obj" else None
            made = self.catalogue.canonical(self.catalogue.returns(qn) or qn)
            if made == "queue.Queue" and _bounded(ref):
                made = "queue.BoundedQueue"  # its `put` waits while it is full
            elif made == "socket.socket" and _datagram(ref):
                made = "socket.UDPSocket"  # its `connect` sends nothing
            elif made == "sqlite3.Connection" and in_memory_sqlite(ref[2], ref[3]):
                made = "sqlite3.MemoryConnection"  # its queries touch no file
            elif made == "sqlalchemy.orm.sessionmaker" and self._makes_async(func, ref[3]):
                made = "sqlalchemy.ext.asyncio.async_sessionmaker"
            return ("inst", made)
        if kind == "inst":
            returned = self.catalogue.returns(f"{callee[1]}.__call__")
            return ("inst", returned) if returned else None
        return None

    def _super_value(self, func: Func, args: tuple) -> Value | None:
        """`super()` in a method of class C (or `super(C, self)`): an instance of C's first
        base, whose methods (its own or inherited) are what `super().create(o)` calls — the
        base's `create` an override hands on to. (A second base's method, which the full MRO
        may reach, is not followed.)"""
        owner: str | None = func.class_gqn
        if len(args) == 2:
            named = self.value_of(func, args[0])
            owner = named[1] if named is not None and named[0] == "class" else None
        elif args:
            return None
        cls = self.classes.get(owner) if owner is not None else None
        if cls is None or not cls.cd.bases:
            return None
        scope = self.class_scope(cls)
        first = cls.cd.bases[0]
        base = self.value_of(scope, first[1] if first[0] == "sub" else first)
        if base is None:
            return None
        if base[0] == "class":
            return ("obj", base[1])
        if base[0] == "ext" and base[1] not in ("builtins.object", "typing.Generic"):
            return ("inst", self.catalogue.canonical(base[1]))
        return None

    def _makes_async(self, func: Func, kwargs: tuple) -> bool:
        """`sessionmaker(engine, class_=AsyncSession)`: a factory of AsyncSessions, whose
        calls are awaited, like an `async_sessionmaker`'s."""
        made = dict(kwargs).get("class_")
        value = self.callee(func, made) if made is not None else None
        if value is None:
            return False
        if value[0] == "class":
            outside = self.mro(value[1])[1]
            return any(qn.startswith("sqlalchemy.ext.asyncio.") for qn in outside)
        return value[0] == "ext" and value[1].startswith("sqlalchemy.ext.asyncio.")

    # ---- functions and annotations ------------------------------------------------------
    # A function returning different classes of the project (or instances of them) picks one
    # at run time — `get_storage_class(name)` returning `JsonKVStorage` or
    # `JsonDocStatusStorage` by its argument: its value is what they all are, their nearest
    # common base, or unknown (taking the first sent a storage's calls to another's methods).

    def return_value(self, func: Func) -> Value | None:
        key = ("return", func.gqn)
        value = self._memo.get(key, _MISSING)
        if value is not _MISSING and value is not _BUSY:
            return value
        return self._memoized(key, _RETURN, func)

    def _manager_generator(self, func: Func, ref: tuple) -> Func | None:
        """The project's `@contextmanager` (or `@asynccontextmanager`) generator function a
        call `ref` makes a context manager of: entered, it gives what the generator yields."""
        if ref[0] != "call":
            return None
        callee = self.callee(func, ref[1])
        # (a method too: `with db_manager.create_session() as session`)
        if callee is None or callee[0] not in ("func", "meth"):
            return None
        target = self.funcs.get(callee[1])
        return target if target is not None and makes_managers(target) else None

    def yielded_value(self, func: Func) -> Value | None:
        """What a generator function yields first: its annotation's (`-> Iterator[Session]`),
        else the first value it yields that unjam knows."""
        if func.fd.returns is not None:
            typed = self.annotation_type(self.parent_scope(func), func.fd.returns)
            if typed is not None:
                return typed
        for ref in func.fd.yield_values:
            value = self.value_of(func, ref)
            if value is not None:
                return value
        return None

    def _return_value(self, func: Func) -> Value | None:
        if func.fd.is_generator:
            return None
        value = None
        if func.fd.returns is not None:
            value = self.annotation_type(self.parent_scope(func), func.fd.returns)
            if value == _ANY_CALLABLE:
                value = None  # `-> Callable`: what it returns says which
        if value is None:
            for ref in func.fd.return_values:
                returned = self.value_of(func, ref)
                if returned is None or returned == value:
                    continue
                if value is None:
                    value = returned
                elif _project_made(value) or _project_made(returned):
                    value = self._common_base(value, returned)
                    if value is None:
                        return None
        return value

    def _item_value(self, func: Func, pairs: tuple) -> Value | None:
        """What an item of a dict literal is: its first value typed (`{"a":
        boto3.client(...), ...}`), or, where the values are several project classes (or their
        objects), their nearest common base: `{"cat": Cat, "use": Use}[kind]` is a `Base`,
        not whichever class is written first."""
        found = None
        for _key, item in pairs:
            value = self.value_of(func, item)
            if value is None or value == found:
                continue
            if found is None:
                found = value
            elif _project_made(found) and _project_made(value):
                found = self._common_base(found, value)
                if found is None:
                    return None
        return found

    def _common_base(self, one: Value, other: Value) -> Value | None:
        """What two of a factory's results surely are: their nearest common project base
        (`AWSDeployer()` or `LocalDeployer()`: a `BaseDeployer`), of the same kind."""
        if one[0] != other[0] or not _project_made(one):
            return None
        bases = set(self.mro(other[1])[0])
        shared = next((gqn for gqn in self.mro(one[1])[0] if gqn in bases), None)
        return None if shared is None else (one[0], shared)

    def annotation_type(self, scope: Func, ann: tuple | None) -> Value | None:
        if ann is None:
            return None
        tag = ann[0]
        if tag in ("name", "attr"):
            value = self.value_of(scope, ann)
            if value is None:
                return None
            if value[0] == "class":
                return ("obj", value[1])
            if (
                value[0] == "ext"
                and not value[1].startswith(("builtins.", "typing."))
                and value[1] not in _UNWRAP_FIRST
            ):
                return ("inst", value[1])
            return None
        if tag == "sub":
            base = self.value_of(scope, ann[1])
            if (
                base is not None
                and base[0] == "ext"
                and base[1] in _CLASSES_OF
                and len(ann[2]) == 1
            ):
                named = self.value_of(scope, ann[2][0])  # `Type[Router]`: the class itself
                return named if named is not None and named[0] == "class" else None
            if base is not None and base[0] == "ext" and base[1] in _MAPPINGS and len(ann[2]) == 2:
                item = self.annotation_type(scope, ann[2][1])
                return None if item is None else ("items", item)
            if base is not None and base[0] == "ext" and base[1] in _UNWRAP_FIRST:
                for item in ann[2]:
                    typed = self.annotation_type(scope, item)
                    if typed is not None:
                        return typed
            return None
        if tag == "binop" and ann[1] == "BitOr":
            return self.annotation_type(scope, ann[2]) or self.annotation_type(scope, ann[3])
        return None

    def names_plain_data(self, scope: Func, ann: tuple) -> bool:
        """Whether an annotation names plain data only (`str`, `Optional[int]`, `bool | None`):
        the parameter's callers cannot tell more (a value some caller passes under the same
        name may be rebound to a session later in that caller)."""
        tag = ann[0]
        if tag == "const":
            return ann[1] is None
        if tag in ("name", "attr"):
            value = self.value_of(scope, ann)
            return value is not None and value[0] == "ext" and value[1] in _PLAIN_TYPES
        if tag == "sub":
            base = self.value_of(scope, ann[1])
            if base is None or base[0] != "ext" or not ann[2]:
                return False
            if base[1] in _ANNOTATED:
                return self.names_plain_data(scope, ann[2][0])
            return base[1] in _UNIONS and all(self.names_plain_data(scope, a) for a in ann[2])
        if tag == "binop" and ann[1] == "BitOr":
            return self.names_plain_data(scope, ann[2]) and self.names_plain_data(scope, ann[3])
        return False

    def memoised(self, func: Func) -> bool:
        """Whether a cache decorator wraps `func` (`@lru_cache`, `@cached(TTLCache(...))`,
        or a project decorator — a function or a class — whose name says so:
        `@locked_cached(ttl=300)`, `@memoize`):
        its body runs on a cache miss only. One a project scopes to a request
        (`@lru_cache(scope="request")`, as SkyPilot's is) too: what clears it runs where the
        project chooses (SkyPilot's API server, in a few handlers), not on every request.
        Not functools' caches on an `async def`: they keep the coroutine, not its result."""
        for value in self.decorator_values(func):
            if value in _MEMOISING:
                return not (func.fd.is_async and value in _KEEP_THE_COROUTINE)
            if value is not None and value[0] in ("func", "class") and _says_cache(value[1]):
                return True
        return False

    def decorator_values(self, func: Func) -> list[Value | None]:
        """What each of `func`'s decorators names, `@cached` and `@cached(ttl=60)` alike."""
        scope = self.parent_scope(func)
        return [
            self.value_of(scope, ref[1] if ref[0] == "call" else ref)
            for ref, _line, _col in func.fd.decorators
        ]


_CACHING_WORDS = frozenset(
    {"cache", "cached", "caching", "memo", "memoize", "memoized", "memoise", "memoised", "lru"}
)
# a decorator named for what it does to or with a cache, not for caching the result
_OTHER = (
    "create make ensure clear invalidate delete evict flush purge reset refresh bust drop "
    "remove folder dir directory path control header headers"
)
_OTHER_WORDS = frozenset(_OTHER.split())


def _says_cache(gqn: str) -> bool:
    """Whether a decorator's name says it caches results: `locked_cached`, `memoize`,
    `RedisCache` — not `create_cache_folder` or `invalidate_cache`, which run the body on
    every call."""
    name = gqn.rpartition(".")[2]
    words = {w.lower() for w in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name)}
    return bool(words & _CACHING_WORDS) and not words & _OTHER_WORDS


def in_memory_sqlite(args: tuple, kwargs: tuple) -> bool:
    """`sqlite3.connect(":memory:")`: a database in the process's memory, no file behind
    it (a shared-cache `file::memory:` URI too)."""
    database = args[0] if args else dict(kwargs).get("database")
    return (
        database is not None
        and database[0] == "const"
        and isinstance(database[1], str)
        and (database[1] == ":memory:" or database[1].startswith("file::memory:"))
    )


def _bounded(call: tuple) -> bool:
    """Whether `queue.Queue(...)` is given a maxsize: not left out, not a constant ≤ 0."""
    size = call[2][0] if call[2] else dict(call[3]).get("maxsize")
    if size is None:
        return False
    if size[0] == "const":
        return isinstance(size[1], int) and size[1] > 0
    return True


def _datagram(call: tuple) -> bool:
    """Whether `socket.socket(...)` is given `SOCK_DGRAM` as its type."""
    kind = call[2][1] if len(call[2]) > 1 else dict(call[3]).get("type")
    if kind is None:
        return False
    return (kind[0] == "name" and kind[1] == "SOCK_DGRAM") or (
        kind[0] == "attr" and kind[2] == "SOCK_DGRAM"
    )


def _project_made(value: Value) -> bool:
    return value[0] == "class" or value[0] == "obj"


_ANY_CALLABLE = ("inst", "collections.abc.Callable")


def makes_managers(func: Func) -> bool:
    """Whether `func` is a generator function `@contextmanager` (or `@asynccontextmanager`)
    makes a factory of context managers of."""
    return func.fd.is_generator and any(
        last_name(decorator) in _MANAGER_DECORATORS for decorator, _l, _c in func.fd.decorators
    )
