"""A call of an interface's method runs one of its implementations, not the stub the
interface declares.

`llm_queue_service.publish_message(msg)`, of a value typed by the `QueueService` Protocol
(`get_queue_service(...) -> QueueService` picks the class from a dict), runs
`SQSQueueService.publish_message` or `AzureServiceBusQueueService.publish_message`: both
send a message, while the Protocol's `def publish_message(self, message): ...` does nothing.
So a call resolved to a stub (a body of only a docstring, `...`, `pass` or `raise
NotImplementedError`) of a declared interface (a `typing.Protocol`, a class deriving from
`abc.ABC`, or a method marked `@abstractmethod`), whose objects can only be an
implementation's, leads to each override in the project's subclasses instead: those of
classes the project's own code names as a value (builds, or hands on: `{"sqs":
SqsQueue}`), outside tests and example programs — a test's fake, or a driver only an example
builds, is not what the app runs. Only for a handful of implementations
(`_MAX_IMPLEMENTATIONS`): a queue, a storage or an email sender the deployment picks. An
interface with many is a family each call picks among by what it is given (a provider per
model, a connector per connection type, a loader per file type), and following every one
would put each member's calls on every route that calls any. A structural Protocol's
implementations name no base to find them by: when no class derives from it, they are the
served classes that define every method it declares (`PolarsEngine` with the `start`,
`shutdown` and `preview` of `class ComputeEngine(Protocol)`), each of the declared kind
(`async def` or `def`), as few as above and named as a value likewise. Of an object known to be of a subclass of the interface
(`resource_pools: ResourcePoolsSQLStoreInterface`, whose base declares the stub), only the
implementations deriving from that subclass run, not a sibling's (the REST store's). A stub
with no implementation found stays the callee. So does
a call on the method's own instance (`self.create_client()` in a base class's template method) or
through `super()`: which subclass's object that is depends on the caller, and the search
does not carry it along a path, so every override would be a path that may not exist.
"""

from __future__ import annotations

from bisect import bisect_left

from unjam.analysis.discovery import is_example_path, is_test_path
from unjam.analysis.project import Func, Module, Project
from unjam.analysis.summary import FuncDef, names_read

_ABSTRACT = frozenset({("name", "abstractmethod"), ("attr", ("name", "abc"), "abstractmethod")})
_ABSTRACT_BASES = frozenset({"abc.ABC"})
_RAISED = ("name", "NotImplementedError")
_MAX_IMPLEMENTATIONS = 4


class InterfaceCalls:
    def __init__(self, project: Project) -> None:
        self.p = project
        self._bodies: dict[str, tuple[str, ...]] = {}
        self._named: dict[str, bool] = {}  # class name → `_named_as_a_value`
        self._read: dict[str, frozenset[str]] = {}  # module path → `_values_read`
        self._defining: dict[str, list[str]] = {}  # method name → classes (`_structural`)

    def bodies(self, gqn: str) -> tuple[str, ...]:
        """What a call resolved to the method `gqn` runs: its implementations when it is an
        interface's stub that has some, else the method itself."""
        known = self._bodies.get(gqn)
        if known is None:
            known = self._bodies[gqn] = self._implementations(gqn) or (gqn,)
        return known

    def derived_from(self, gqn: str, found: tuple[str, ...], receiver: str | None) -> tuple:
        """The implementations `found` of the stub `gqn` that the call's object may run,
        when it is known to be of the class `receiver`, a subclass of the interface
        (`resource_pools: ResourcePoolsSQLStoreInterface`, whose base declares the stub):
        those that derive from it; with none, the stub stays."""
        declaring = self.p.funcs[gqn].class_gqn
        if receiver is None or declaring is None or receiver == declaring:
            return found
        if declaring not in self.p.mro(receiver)[0]:
            return found  # (not the interface's subclass: what it holds is not told)
        kept = tuple(b for b in found if receiver in self.p.mro(self.p.funcs[b].class_gqn)[0])
        return kept or (gqn,)

    def _implementations(self, gqn: str) -> tuple[str, ...]:
        func = self.p.funcs.get(gqn)
        if func is None or func.class_gqn is None or not _stub(func.fd):
            return ()
        if not self._declared_abstract(func):
            return ()
        overrides = self.p.overrides(gqn)
        if not overrides and not _dunder(func.fd.name) and self.p.is_protocol(func.class_gqn):
            overrides = self._structural(func.class_gqn, func.fd.name)
        if not overrides or len(overrides) > _MAX_IMPLEMENTATIONS * 2:
            return ()  # (told before the project's names are read; test fakes may double)
        found = tuple(
            override
            for override in overrides
            if _served(self.p.funcs[override].mod)
            and self._named_as_a_value(override.split(".")[-2])
        )
        return found if len(found) <= _MAX_IMPLEMENTATIONS else ()

    def _structural(self, protocol: str, name: str) -> list[str]:
        """The method `name` of each project class, no Protocol itself, that defines (or
        inherits from a project base) every method `protocol` declares; of several, those
        in the Protocol's own top-level package when some are (an SDK or a client shipped
        beside the service may match it too, but the service does not import it). A
        Protocol of one method (`connect`) is weak evidence: there, a method whose return
        annotation differs from the Protocol's is no implementation. Nor is a `def` of an
        `async def` the Protocol declares, or the reverse: an awaited call of the one would
        get what the other returns (a sync client of an async client's Protocol)."""
        owner = self.p.classes[protocol]
        declared = owner.cd.methods
        wanted = [m for m in declared if not _dunder(m)]
        if name not in wanted:
            wanted.append(name)  # (declared by a Protocol it derives from)
        stub = self.p.method(protocol, name)
        returns = stub.fd.returns if stub is not None and len(wanted) == 1 else None
        is_async = stub.fd.is_async if stub is not None else None
        found: list[Func] = []
        for class_gqn in self._classes_defining(name):
            if class_gqn == protocol or self.p.is_protocol(class_gqn):
                continue
            if all(self.p.method(class_gqn, m) is not None for m in wanted):
                method = self.p.method(class_gqn, name)
                if method is None or method.class_gqn != class_gqn:
                    continue
                if is_async is not None and method.fd.is_async != is_async:
                    continue
                if returns is None or method.fd.returns in (None, returns):
                    found.append(method)
        package = owner.mod.name.partition(".")[0]
        near = [f for f in found if f.mod.name.partition(".")[0] == package]
        return [f.gqn for f in (near or found)]

    def _classes_defining(self, name: str) -> list[str]:
        """The project classes whose own body defines a method `name` (indexed once)."""
        if not self._defining:
            for cls in self.p.classes.values():
                for method in cls.cd.methods:
                    self._defining.setdefault(method, []).append(cls.gqn)
        return self._defining.get(name, [])

    def _named_as_a_value(self, name: str) -> bool:
        """Whether the project's served code builds a class `name` or hands it on as a value:
        calls it, or passes, binds or stores it (an annotation does not count)."""
        known = self._named.get(name)
        if known is None:
            known = any(_served(f.mod) for f, _site in self.p.sites_named(name, renamed=False))
            if not known:
                known = any(
                    _served(mod)
                    and _lists(mod.summary.value_names, name)
                    and name in self._values_read(mod)
                    for mod in self.p.unique_modules()
                )
            self._named[name] = known
        return known

    def _values_read(self, mod: Module) -> frozenset[str]:
        """The names the module's calls are given and its names and attributes are bound to."""
        known = self._read.get(mod.path)
        if known is None:
            found: set[str] = set()
            for values in mod.summary.global_values.values():
                for _scope, ref in values:
                    found |= names_read(ref)
            for fd in mod.summary.funcs.values():
                for site in fd.calls:
                    for arg in (*site.args, *(value for _key, value in site.kwargs)):
                        found |= names_read(arg)
                for refs in fd.locals.values():
                    for ref in refs:
                        found |= names_read(ref)
                for _base, _attr, ref in fd.attr_stores:
                    found |= names_read(ref)
            known = self._read[mod.path] = frozenset(found)
        return known

    def _declared_abstract(self, func: Func) -> bool:
        """Whether the method is marked `@abstractmethod`, or its class is a Protocol or an
        `abc.ABC`: objects of its own class are not what calls it."""
        owner = func.class_gqn or ""
        if any(ref in _ABSTRACT for ref, _line, _col in func.fd.decorators):
            return True
        return self.p.is_protocol(owner) or any(
            base in _ABSTRACT_BASES for base in self.p.mro(owner)[1]
        )


def on_own_instance(func: Func, ref: tuple) -> bool:
    """Whether the call `ref` (a method call's callee ref) is on the calling method's own
    instance or class (`self.m()`, `cls.m()`) or through `super()`."""
    if ref[0] != "attr":
        return False
    receiver = ref[1]
    if receiver[0] == "call" and receiver[1] == ("name", "super"):
        return True
    params = func.fd.params
    return func.class_gqn is not None and bool(params) and receiver == ("name", params[0].name)


def _lists(names: list[str], name: str) -> bool:
    """Whether the sorted list `names` holds `name`."""
    at = bisect_left(names, name)
    return at < len(names) and names[at] == name


def _served(mod: Module) -> bool:
    return not is_test_path(mod.path) and not is_example_path(mod.path)


def _dunder(name: str) -> bool:
    """`__call__`, `__aenter__`: every callable or context manager has one, so a Protocol's
    dunders say nothing about which classes implement it."""
    return name.startswith("__") and name.endswith("__")


def _stub(fd: FuncDef) -> bool:
    """Whether the body does nothing but raise `NotImplementedError` at most: no call but
    that one, no value returned or yielded, no name bound, no attribute stored."""
    return (
        not fd.is_generator
        and not fd.locals
        and not fd.attr_stores
        and all(ref[0] == "const" and ref[1] in (None, Ellipsis) for ref in fd.return_values)
        and all(site.func == _RAISED for site in fd.calls)
    )
