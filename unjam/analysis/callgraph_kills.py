"""Which of a callee's tests of its parameters a call's arguments decide false (values.py),
for the call graph's edges: what the call passes, what its caller's parameters hold on every
call (callgraph_constants.py), what its caller's spread `**kwargs` holds, and whether the
callee's decorators hand it the arguments unchanged (transparent.py)."""

from __future__ import annotations

from collections.abc import Mapping

from unjam.analysis.argument_fields import ArgumentFields
from unjam.analysis.callgraph_callbacks import function_called
from unjam.analysis.callgraph_constants import PassedConstants
from unjam.analysis.held_keywords import (
    Keywords,
    keywords_name,
    keywords_passed,
    read_then_popped,
)
from unjam.analysis.instance_fields import InstanceFields
from unjam.analysis.instances import BuiltArguments
from unjam.analysis.named_constants import NamedConstants
from unjam.analysis.project import Func, Module, Project
from unjam.analysis.summary import CallSite, FuncDef, Guard
from unjam.analysis.transparent import TransparentDecorators
from unjam.analysis.values import (
    EMPTY,
    NOT_FIXED,
    Forwarded,
    called_plainly,
    decided_by_constants,
    decided_false,
    fixed_value,
    is_dead,
    is_static,
    own_instance,
    param_tests,
    passed_values,
    spread_literals,
    spreads_own_kwargs,
)
from unjam.analysis.wrapper_edits import POSITIONAL, changed_keys

_NO_CONSTANTS: Mapping[str, object] = {}
_NO_BUILT: Mapping[tuple, object] = {}
_NO_KEYS: frozenset[str] = frozenset()
_BUILDS = frozenset({"call", "await", "name", "attr"})  # argument refs that may be built objects


class ArgumentKills:
    def __init__(self, project: Project):
        self.project = project
        self._tests: dict[str, tuple[tuple[int, Guard], ...]] = {}  # gqn → param_tests()
        self._decidable: dict[str, bool] = {}  # gqn → decidable()
        self._partials: frozenset[str] | None = None
        self._fixed: dict[str, Mapping[str, object]] = {}  # gqn → _fixed_locals()
        self._nested: dict[str, dict[str, set[str]]] = {}  # module → _bound_inside's index
        self.decorators = TransparentDecorators(project)
        self.built = BuiltArguments(project)
        self.constants = PassedConstants(project, self.decorators)
        self.fields = InstanceFields(project, self._passed_plainly, self.built)
        self.arguments = ArgumentFields(self.fields)
        self.named = NamedConstants(project)
        self._field_tests: dict[str, tuple[tuple[int, Guard], ...]] = {}  # `if self.x:`
        self._argument_tests: dict[str, tuple[tuple[int, Guard], ...]] = {}  # `if config.x:`

    def of_call(
        self, func: Func, site: CallSite, target: Func, held: Mapping[str, object] = _NO_CONSTANTS
    ) -> frozenset[int]:
        """The guards of `target` that `func`'s call `site` of it decides false; `held`: what
        `func`'s parameters hold on the path the search took (callgraph.py). A class call
        reaching its `__init__` is read as `of_construction` reads it."""
        return self._decided(func, site, target, self._constructs(site, target), held)

    def values_of_call(
        self,
        func: Func,
        site: CallSite,
        target: Func,
        held: Mapping[str, object],
        wanted: frozenset[str],
    ) -> dict[str, object]:
        """What `target`'s parameters among `wanted` surely hold when `func`'s call `site`
        makes it, `held` being what `func`'s own parameters hold on the path taken."""
        if target.gqn in self._partial_targets():
            return {}
        passed = self._passed(func, site)
        constants = {**passed, **held} if held else passed
        constructs = self._constructs(site, target)
        alias = _imported_as(func, site, constructs or target.fd.name)
        built = self._built(func, site)
        bound = self.bound(func, site, target)
        injected = self._injected(site, target)
        found = passed_values(
            func.fd,
            site,
            self.named.signature(target),
            constants,
            wanted - injected if injected else wanted,
            alias,
            built,
            constructs,
            bound,
            injected is not None,
        )
        own = keywords_name(target.fd)
        if (
            own is not None
            and own in wanted
            and injected is not None
            and called_plainly(func.fd, site, target.fd, constructs, True, alias)
        ):
            keywords = self._keywords(func, site, target, own, constants, injected)
            if keywords is not None:
                found[own] = keywords
        dotted = [name for name in wanted if "." in name]
        me = own_instance(target.fd) if dotted else None
        fields = [name for name in dotted if name.partition(".")[0] == me]
        if fields:  # (`self.context`: of the instance the call is made on)
            carried = self.fields.carried(func, site, target, fields, held) if held else {}
            left = {name for name in fields if name not in carried}
            found.update(carried)
            if left:
                found.update(self.fields.held_names(func, site, target, left))
        arguments = [
            name
            for name in dotted
            if name.partition(".")[0] != me and name.partition(".")[0] not in (injected or ())
        ]
        if arguments and called_plainly(
            func.fd, site, target.fd, constructs, injected is not None, alias
        ):  # (`config.screenshot`: of an object the call passes)
            found.update(self.arguments.of_call(func, site, target, arguments, held, bound))
        return found

    def _keywords(
        self,
        func: Func,
        site: CallSite,
        target: Func,
        own: str,
        constants: Mapping[str, object],
        injected: frozenset[str],
    ) -> Keywords | None:
        """What the call puts in `target`'s `**kwargs`, named `own` (held_keywords.py), the
        keys its decorators (`injected`) or its own body set or remove by name unknown."""
        keywords = keywords_passed(spread_literals(func.fd, site), target.fd, func.fd, constants)
        changed = changed_keys(self.project, target, own)
        if keywords is None or changed is None:
            return None
        popped = read_then_popped(target.fd, own, changed - injected)
        return keywords.without(changed | (injected - {POSITIONAL}), popped)

    def _injected(self, site: CallSite, target: Func) -> frozenset[str] | None:
        """The keywords `target`'s decorators add or set (transparent.py); None also where
        they replace positional arguments (`args[0] = fallback`) and the call passes some."""
        injected = self.decorators.injected(target)
        if injected and POSITIONAL in injected and site.args:
            return None
        return injected

    def _passed_plainly(
        self, func: Func, site: CallSite, target: Func, wanted: frozenset[str]
    ) -> dict[str, object]:
        """`values_of_call` with nothing known of what `func`'s own parameters hold."""
        return self.values_of_call(func, site, target, _NO_CONSTANTS, wanted)

    def _constructs(self, site: CallSite, target: Func) -> str | None:
        """The class name, when the call makes an instance of an undecorated project class
        whose `__init__` is `target` (`Task(text)`, not `super().__init__(text)`)."""
        if target.fd.name != "__init__" or target.class_gqn is None:
            return None
        name = target.class_gqn.rpartition(".")[2]
        ref = site.func
        if (ref[1] if ref[0] == "name" else ref[2] if ref[0] == "attr" else None) == "__init__":
            return None
        cls = self.project.classes.get(target.class_gqn)
        return None if cls is None or cls.cd.decorators else name

    def of_construction(
        self, func: Func, site: CallSite, class_gqn: str, method: Func
    ) -> frozenset[int]:
        """The guards of the `__init__` a class call reaches that its arguments decide
        false (values.py); none for a decorated class (a decorator may wrap the call)."""
        cls = self.project.classes.get(class_gqn)
        if method.fd.name != "__init__" or cls is None or cls.cd.decorators:
            return EMPTY
        return self._decided(func, site, method, class_gqn.rpartition(".")[2])

    def _decided(
        self,
        func: Func,
        site: CallSite,
        target: Func,
        constructs: str | None,
        held: Mapping[str, object] = _NO_CONSTANTS,
    ) -> frozenset[int]:
        tests = self.tests(target.gqn)
        if target.gqn in self._partial_targets():
            return EMPTY
        hits = self._table_hits(func, site, target) if target.fd.guards else EMPTY
        own = self.field_tests(target.gqn)
        fields = self.fields.held(func, site, target, own) if own else _NO_CONSTANTS
        if own and not fields and constructs is not None:
            fields = self.fields.made_by(func, site, target, own)
        if own and not fields and func.fd.name == "__init__":
            known = {**self.constants.of(func), **held} if held else self.constants.of(func)
            fields = self.fields.kept_by_init(func, site, target, own, known)
        if own and not fields and held:
            fields = self.fields.carried(func, site, target, [g.subject[1] for _, g in own], held)
        if own and not fields:
            fields = self.fields.always_built(target, own)
        if fields:
            tests += own
        arguments = self.argument_tests(target.gqn)
        passed_fields = (
            self.arguments.of_call(
                func,
                site,
                target,
                {g.subject[1] for _, g in arguments},
                held,
                self.bound(func, site, target),
            )
            if arguments
            else _NO_CONSTANTS
        )
        if passed_fields:
            fields = {**fields, **passed_fields}
            tests += tuple(t for t in arguments if t[1].subject[1] in passed_fields)
        # (a decorator that adds a keyword, `@provide_session`: what that one holds is unknown)
        injected = self._injected(site, target)
        if injected:  # (and so are the fields of one: `session.autocommit`)
            tests = tuple(t for t in tests if t[1].subject[1].partition(".")[0] not in injected)
        if not tests:
            return hits
        passed = self._passed(func, site)
        return hits | decided_false(
            func.fd,
            site,
            self.named.signature(target),
            tests,
            {**passed, **held} if held else passed,
            constructs,
            self._forwarded(func, site),
            injected is not None,
            _imported_as(func, site, constructs or target.fd.name),
            self._built(func, site),
            self.bound(func, site, target),
            fields,
        )

    def _table_hits(self, func: Func, site: CallSite, target: Func) -> frozenset[int]:
        """The guards of `if key in TABLE: return TABLE[key]` in `target` whose miss path
        (the rest of the block) this call never takes: it passes, for the parameter `key`, a
        string that TABLE — a module-level dict literal no code changes — holds as a key
        (`get_system_text("chat")` of a prompt table with a file fallback)."""
        fd = target.fd
        found: list[int] = []
        for index, guard in enumerate(fd.guards):
            key = _table_lookup(fd, guard)
            if key is None:
                continue
            table = guard.subject[1]
            passed = self.values_of_call(func, site, target, _NO_CONSTANTS, frozenset({key}))
            text = passed.get(key)
            if isinstance(text, str) and text in self._table_keys(target.mod, table, 3):
                found.append(index)
        return frozenset(found) if found else EMPTY

    def _table_keys(self, mod: Module, name: str, depth: int) -> frozenset[str]:
        """The string keys of the dict literal `name` is bound to at module level, once and
        never changed (followed through `from … import name`), else none."""
        written = self.project.written_names()
        if name in written or f"{name}." in written:
            return _NO_KEYS  # (also through the name an import binds it to)
        summary = mod.summary
        imported = summary.imports.get(name)
        if imported is not None:
            target = self.project.import_target(mod, imported)
            module, _, member = target.rpartition(".")
            source = self.project.modules.get(module)
            if depth == 0 or source is None or member != (imported.name or ""):
                return _NO_KEYS
            return self._table_keys(source, member, depth - 1)
        values = summary.global_values.get(name, ())
        if len(values) != 1 or values[0][0] != "<module>" or values[0][1][0] != "dict":
            return _NO_KEYS
        keys = [key[1] for key, _value in values[0][1][1] if key is not None and key[0] == "const"]
        if len(keys) != len(values[0][1][1]) or not all(isinstance(k, str) for k in keys):
            return _NO_KEYS
        return frozenset(keys)

    def bound(self, func: Func, site: CallSite, target: Func) -> bool:
        """Whether the call binds `target`'s first parameter: a method of a project class
        called on an instance of it (`notify.notify_user(Kind.IN_APP)`, `notify =
        Center()`), which the callee's resolution through that instance showed."""
        ref = site.func
        if ref[0] != "attr" or target.class_gqn is None or is_static(target.fd):
            return False
        receiver = self.project.value_of(func, ref[1])
        return receiver is not None and receiver[0] == "obj"

    def _built(self, func: Func, site: CallSite) -> Mapping[tuple, object]:
        """The call's arguments that are surely objects it builds, or locals holding only
        such objects (instances.py), or fields of the caller's own instance its `__init__`
        fills with one (instance_fields.py `own_object`)."""
        refs = [ref for ref in site.args if ref[0] in _BUILDS]
        refs += [ref for name, ref in site.kwargs if name and ref[0] in _BUILDS]
        if not refs:
            return _NO_BUILT
        built = self.built.of_call(func, refs)  # (a new dict: extended below)
        if func.class_gqn is not None:
            for ref in refs:
                if ref[0] == "attr" and ref not in built:
                    held = self.fields.own_object(func, ref)  # (`self.client`, from __init__)
                    if held is not None:
                        built[ref] = held
        return built

    def _forwarded(self, func: Func, site: CallSite) -> Forwarded | None:
        """What `func`'s `**kwargs` holds (callgraph_constants.py), when the call spreads it."""
        for name, value in site.kwargs:
            if name is None and spreads_own_kwargs(func.fd, value):
                return self.constants.forwarded(func)
        return None

    def _passed(self, func: Func, site: CallSite) -> Mapping[str, object]:
        """The constants `func`'s parameters hold on every call (callgraph_constants.py),
        and its locals assigned one constant only (`premium = False`), when the call passes
        one of them along by name."""
        names = {q.name for q in func.fd.params}
        fixed = self._fixed_locals(func)
        names.update(fixed)
        if any(_named(arg, names) for arg in site.args) or any(
            _named(arg, names) for _, arg in site.kwargs
        ):
            held = self.constants.of(func)
            return {**fixed, **held} if fixed else held
        return _NO_CONSTANTS

    def _fixed_locals(self, func: Func) -> Mapping[str, object]:
        """Locals of `func` bound once, to a constant or an enum member (`provider =
        APIProvider.ANTHROPIC`), and never changed in place, declared global or bound again
        in a nested function: they hold that value wherever they are read — in the
        functions nested in `func` too, where they are not bound again."""
        known = self._fixed.get(func.gqn)
        if known is None:
            fd = func.fd
            params = {q.name for q in fd.params}
            changed = {ref[1] for ref in fd.mutated if ref[0] == "name"}
            changed |= self._bound_inside(func)  # (a `nonlocal` rebinding)
            known = {
                name: value
                for name, values in fd.locals.items()
                if len(values) == 1
                and (value := fixed_value(values[0])) is not NOT_FIXED
                and name not in params
                and name not in changed
                and name not in fd.globals_declared
            }
            outer = self.project.funcs.get(f"{func.mod.name}.{fd.parent}") if fd.parent else None
            if outer is not None:
                for name, value in self._fixed_locals(outer).items():
                    if name not in fd.locals and name not in params and name not in known:
                        known[name] = value
            self._fixed[func.gqn] = known
        return known

    def _bound_inside(self, func: Func) -> set[str]:
        """The names the functions nested directly in `func` bind, from one pass over its
        module (`parent qn → names`, built on first use)."""
        nested = self._nested.get(func.mod.name)
        if nested is None:
            nested = self._nested[func.mod.name] = {}
            for inner in func.mod.summary.funcs.values():
                if inner.parent is not None:
                    nested.setdefault(inner.parent, set()).update(inner.locals)
        return nested.get(func.fd.qn, set())

    def decidable(self, gqn: str) -> bool:
        """Whether a call's arguments may decide some guard of the function: a test of a
        parameter (`tests`), or of a field of the instance a method is called on
        (`field_tests`) or of another parameter (`argument_tests`), or a table lookup by one
        (`_table_hits`)."""
        known = self._decidable.get(gqn)
        if known is None:
            func = self.project.funcs.get(gqn)
            known = self._decidable[gqn] = (
                bool(self.tests(gqn))
                or bool(self.field_tests(gqn))
                or bool(self.argument_tests(gqn))
                or (func is not None and any(_table_lookup(func.fd, g) for g in func.fd.guards))
            )
        return known

    def never_true(self, func: Func) -> frozenset[int]:
        """The function's guards, with those nested in them, that every call of it decides
        false: a parameter each call gives the same constant (callgraph_constants.py) — `if
        not prefer_async:` where every call, a task's too, passes `prefer_async=True`. What
        they hold never runs, whichever entry the function is reached from, or entered as."""
        if not self.tests(func.gqn):
            return EMPTY
        killed = decided_by_constants(func.fd, self.constants.of(func))
        if not killed:
            return EMPTY
        guards = func.fd.guards
        return frozenset(i for i in range(len(guards)) if is_dead(guards, i, killed))

    def tests(self, gqn: str) -> tuple[tuple[int, Guard], ...]:
        """The function's tests of its parameters (values.py), found once."""
        known = self._tests.get(gqn)
        if known is None:
            func = self.project.funcs.get(gqn)
            found = param_tests(func.fd) if func and func.fd.guards else ()
            if func is not None and found:
                found = self.named.tests(func, found)
            dotted = tuple(t for t in found if "." in t[1].subject[1])
            known = self._tests[gqn] = (
                tuple(t for t in found if "." not in t[1].subject[1]) if dotted else found
            )
            own = own_instance(func.fd) if func is not None else None
            fields = tuple(t for t in dotted if t[1].subject[1].partition(".")[0] == own)
            self._field_tests[gqn] = fields
            bound = _bound_name(func.fd) if func is not None else None  # (`cls` too)
            self._argument_tests[gqn] = tuple(
                t for t in dotted if t[1].subject[1].partition(".")[0] != bound
            )
        return known

    def field_tests(self, gqn: str) -> tuple[tuple[int, Guard], ...]:
        """A method's tests of fields of its own instance (`if self.process:`), which only
        the instance a call is made on decides (instance_fields.py)."""
        known = self._field_tests.get(gqn)
        if known is None:
            self.tests(gqn)
            known = self._field_tests[gqn]
        return known

    def argument_tests(self, gqn: str) -> tuple[tuple[int, Guard], ...]:
        """A function's tests of fields of its other parameters (`if config.screenshot:`),
        which the object a call passes decides (argument_fields.py)."""
        known = self._argument_tests.get(gqn)
        if known is None:
            self.tests(gqn)
            known = self._argument_tests[gqn]
        return known

    def _partial_targets(self) -> frozenset[str]:
        """The project functions some `partial(f, ...)` / `partialmethod(f, ...)` binds
        arguments of under the function's own name (`fetch_page = functools.partial(
        fetch_page, render=True)`): a call by that name shows fewer arguments than the
        function gets, so their defaults decide nothing (values.py). A binding under another
        name (`loop.run_in_executor(None, partial(send, to=a))`) leaves the calls by the
        function's own name as written: a call through it is no plain call anyway."""
        targets = self._partials
        if targets is None:
            found: set[str] = set()
            p = self.project
            for wrapper in ("partial", "partialmethod"):
                for caller, site in p.sites_named(wrapper):
                    if site.args:
                        target = function_called(p, p.value_of(caller, site.args[0]))
                        func = p.funcs.get(target) if target is not None else None
                        if func is not None and _bound_to(caller, site, func.fd.name):
                            found.add(func.gqn)
                            found.update(p.variants.get(func.gqn, ()))
            targets = self._partials = frozenset(found)
        return targets


def _bound_to(caller: Func, site: CallSite, name: str) -> bool:
    """Whether the call `site` (a `partial(...)`) is assigned to `name` in `caller`'s scope
    (or in its module, for a module-level call)."""
    values = list(caller.fd.locals.get(name, ()))
    if caller.fd.qn == "<module>":
        values += [value for _qn, value in caller.mod.summary.global_values.get(name, ())]
    return any(
        value[0] == "call" and value[1] == site.func and value[2][:1] == site.args[:1]
        for value in values
    )


def _table_lookup(fd: FuncDef, guard: Guard) -> str | None:
    """The parameter `key` of a cache hit `if key in TABLE: return TABLE[key]`, else None."""
    if guard.kind != "cached" or guard.subject[0] != "name":
        return None
    key = _key_read(guard.returned, guard.subject[1])
    return key if key is not None and any(q.name == key for q in fd.params) else None


def _key_read(returned: tuple | None, table: str) -> str | None:
    """`key` of the `TABLE[key]` a cache hit's return reads (`TABLE[key].strip()` too)."""
    ref = returned
    while ref is not None and ref[0] in ("call", "attr", "await"):
        ref = ref[1]
    if ref is None or ref[0] != "sub" or ref[1] != ("name", table) or len(ref[2]) != 1:
        return None
    key = ref[2][0]
    return key[1] if key[0] == "name" else None


def _imported_as(func: Func, site: CallSite, name: str) -> str | None:
    """The name the call uses when an import of the caller's module binds the callee to it
    (`from m import remember as cognee_remember`): the function itself, so the call shows
    every argument it gets, as a call by its own name does."""
    ref = site.func
    if ref[0] != "name" or ref[1] == name or ref[1] in func.fd.locals:
        return None
    imported = func.mod.summary.imports.get(ref[1])
    return ref[1] if imported is not None and imported.name == name else None


def _named(ref: tuple, names: set[str]) -> bool:
    return ref[0] == "name" and ref[1] in names


def _bound_name(fd: FuncDef) -> str | None:
    """The first parameter of a method a call binds (`self`, or a classmethod's `cls`)."""
    if fd.class_qn is None or not fd.params or is_static(fd):
        return None
    return fd.params[0].name
