"""The project's index: its modules, functions and classes by global name, the scopes a
function's names are looked up in, and every call site by the name it calls — plus the
bookkeeping the inference layers share (the value encoding: unjam/analysis/project.py).

`Project` is built as a chain of classes, one concept per module, compiled by mypyc as
one group: `ProjectIndex` (here) → `Resolver` (imports and names, resolution.py) →
`ClassIndex` (MRO, methods, stored attributes, class_index.py) → `Inference` (what an
expression evaluates to, inference.py) → `ParameterInference` (annotations, aliases,
`Depends` and call-site hints, parameters.py) → `Project` (project.py). The layers call one
another both ways (a name's value needs an attribute's, which needs a method's, …), so the
methods a layer needs from a later one are declared here and defined there: compiled, each
call is a native method call, as it was when they were one class.

A cycle or the depth limit answers None without memoising; `_cut` counts those cuts, and a
derived answer is cached only when no cut happened while computing it (see project.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from unjam.analysis.catalogue import Catalogue
from unjam.analysis.summary import (
    CallSite,
    ClassDef,
    FuncDef,
    ModuleSummary,
    Param,
    root_attribute,
    root_name,
)

Value = tuple

# Memo sentinels, typed Any so that a memo holds `Value | None` or one of them (and mypyc,
# which compiles this module when it can, checks what a lookup returns only where it is used):
_MISSING: Any = object()  # None is a memoised value
_BUSY: Any = object()  # this inference is under way (a re-entrant request is a cycle)
_CONSTRUCTORS = frozenset({"__init__", "__new__"})
_FALSE = ("const", False)
_UNSET = (("const", None), _FALSE)
# methods that fill or change the container they are called on
FILLERS = frozenset(
    {
        "update",
        "setdefault",
        "append",
        "extend",
        "insert",
        "add",
        "put",
        "put_nowait",
        "clear",
        "pop",
        "popitem",
        "remove",
        "discard",
        "set",
        "__setitem__",
        # a key-value store's writes (redis-py, Django's cache API): `cache.setex(k, ttl, v)`
        *("setex", "psetex", "setnx", "mset", "hset", "hmset", "set_many"),
    }
)
_REDEFINED = re.compile(r"#\d+")
# What `ProjectIndex._memoized` computes
_MEMBER = 0
_RETURN = 1
_PARAM = 2


@dataclass(slots=True)
class Module:
    name: str
    path: str  # relative to the analysed root, posix
    summary: ModuleSummary
    # name → what it means at module level (`Project.global_name`), when inferred without
    # a cycle cut
    names: dict = field(default_factory=dict, compare=False, repr=False)


@dataclass(slots=True)
class Func:
    gqn: str
    mod: Module
    fd: FuncDef
    class_gqn: str | None = None
    # inference state, kept on the function so the hot lookups need no composite keys:
    # ref → value of `value_of(self, ref)`, and the parameter names (built on first use)
    memo: dict = field(default_factory=dict, compare=False, repr=False)
    param_names: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    prop: bool | None = field(default=None, compare=False, repr=False)  # `is_property()`
    scope: Func | None = field(default=None, compare=False, repr=False)  # `parent_scope()`

    @property
    def display(self) -> str:
        if self.fd.qn == "<module>":
            return f"{self.mod.name} (module body)"
        if self.fd.is_lambda:
            outer = self.fd.qn.rpartition(".<lambda:")[0]  # (none at module level)
            return f"{outer}.<lambda>" if outer else "<lambda>"
        qn = self.fd.qn
        # (a later body of a redefined name is `f#<line>` inside; users know it as `f`)
        return _REDEFINED.sub("", qn) if "#" in qn else qn


@dataclass(slots=True)
class Cls:
    gqn: str
    mod: Module
    cd: ClassDef


def _index_calls(index: dict[str, list[tuple[Func, CallSite]]], func: Func) -> None:
    """Add `func`'s call sites to `index` (call name → (caller, site)), in order."""
    get = index.get
    for site in func.fd.calls:
        ref = site.func
        tag = ref[0]
        if tag == "name":
            name = ref[1]
        elif tag == "attr":
            name = ref[2]
        else:
            continue
        found = get(name)
        if found is None:
            index[name] = [(func, site)]
        else:
            found.append((func, site))


@dataclass
class ProjectIndex:
    catalogue: Catalogue
    modules: dict[str, Module] = field(default_factory=dict)
    primary: dict[str, str] = field(default_factory=dict)  # relpath → primary module name
    funcs: dict[str, Func] = field(default_factory=dict)
    classes: dict[str, Cls] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """The index's state and the inference bookkeeping every layer shares; each layer
        adds its own caches in its `__post_init__`."""
        self._memo: dict[tuple, Value | None] = {}
        self._depth = 0
        # Inferences answered "None" because of a cycle or the depth limit, a count: a result
        # computed while it did not change is reproducible, so it may be cached.
        self._cut = 0
        # call name → (caller, site) of every call ending in that name, in project order:
        # kept up to date by `add_module` (None: rebuilt on first use, see there)
        self._sites_by_name: dict[str, list[tuple[Func, CallSite]]] | None = {}
        # gqn → the gqns of its later redefinitions (`f#<line>`, see summarize.funcdef)
        self.variants: dict[str, list[str]] = {}
        self._used: set[str] | None = None  # see used_names
        self._written: frozenset[str] | None = None  # see written_names
        self._attribute_stores: dict[str, list[tuple[Func, tuple]]] | None = (
            None  # see stored_attributes
        )
        self._rearmed: dict[str, set[str | None]] | None = None  # see rearmed_flags
        # each re-armed flag → (path, first line) of the functions that re-arm it
        self._rearmers: dict[str, list[tuple[str, int]]] = {}
        self._rearmed_for: dict[str | None, frozenset[str]] = {}  # class gqn → rearmed_flags
        self._unique: list[Module] | None = None  # see unique_modules
        self._renamed: dict[str, list[str]] | None = None  # see renamed_imports
        self._with_renamed: dict[str, list[tuple[Func, CallSite]]] = {}  # see sites_named
        self._folders: frozenset[str] | None = None  # see folders
        self._tops: frozenset[str] | None = None  # see top_names
        # (module path, level, module, name) → Resolver.import_target's answer, and the
        # import graph (imported.py), both valid until a module is added or its imports change
        self._targets: dict[tuple[str, int, str, str | None], str] = {}
        self.import_graph_cache: dict[str, set[str]] | None = None
        self.import_index_cache: object | None = None  # imported.py's `ImportIndex`
        self.fixed_loads_cache: dict[str, set[str]] = {}  # fixed_loads.py, by module name
        # top-level names two modules claim (`skills` of skills/__init__.py and of a script
        # folder's other/skills.py): the first keeps it (Resolver.nearer_copy)
        self.contested: set[str] = set()
        # folders (relative, with their "/", innermost first) below the root that hold a
        # project of their own (pyproject.toml, setup.py, setup.cfg): set by the linker
        self.project_folders: tuple[str, ...] = ()

    # ---- building -----------------------------------------------------------------------

    def add_module(self, names: list[str], relpath: str, summary: ModuleSummary) -> list[Func]:
        """Link one module; its functions, in order."""
        # the primary name keys this module's functions: it must be unique (two scripts
        # dirs may each hold a `main.py`); a taken name stays an alias of the first module
        primary = next((n for n in names if n not in self.modules), None)
        if primary is None:
            primary = relpath.removesuffix(".py").replace("/", ".").replace("-", "_") + "@"
        mod = Module(primary, relpath, summary)
        self._unique = self._folders = self._tops = self.import_graph_cache = None
        self.import_index_cache = None
        self.fixed_loads_cache.clear()
        self._attribute_stores = self._renamed = self._rearmed = None
        self._rearmed_for.clear()
        self._with_renamed.clear()
        self._targets.clear()
        self.primary[relpath] = primary
        for name in names:
            if "." not in name and name in self.modules:
                self.contested.add(name)
        for name in (primary, *names):
            self.modules.setdefault(name, mod)
        funcs = self.funcs
        sites = self._sites_by_name
        added: list[Func] = []
        for qn, fd in summary.funcs.items():
            gqn = f"{mod.name}.{qn}"
            class_gqn = f"{mod.name}.{fd.class_qn}" if fd.class_qn else None
            func = Func(gqn, mod, fd, class_gqn)
            if sites is not None:
                if gqn in funcs:
                    # `pkg.a` + `b.f` and `pkg.a.b` + `f`: the second replaces the first in
                    # `funcs`, so the index is rebuilt from `funcs` when it is next used
                    sites = self._sites_by_name = None
                elif fd.calls:
                    _index_calls(sites, func)
            funcs[gqn] = func
            added.append(func)
            if "#" in qn.rpartition(".")[2]:
                self.variants.setdefault(gqn.rpartition("#")[0], []).append(gqn)
        for qn, cd in summary.classes.items():
            self.classes[f"{mod.name}.{qn}"] = Cls(f"{mod.name}.{qn}", mod, cd)
        return added

    def folders(self) -> frozenset[str]:
        """Every folder (relative, with its "/") that holds a module, at any depth."""
        known = self._folders
        if known is None:
            found: set[str] = set()
            for path in self.primary:
                parts = path.split("/")[:-1]
                for depth in range(1, len(parts) + 1):
                    found.add("/".join(parts[:depth]) + "/")
            known = self._folders = frozenset(found)
        return known

    def top_names(self) -> frozenset[str]:
        """The first part of every module name (`app` of `app.main`)."""
        known = self._tops
        if known is None:
            known = self._tops = frozenset(name.partition(".")[0] for name in self.modules)
        return known

    def forget_resolved(self) -> None:
        """Drop what names were resolved to so far: a module's imports changed after linking
        (fallback_imports.py)."""
        self._memo.clear()
        self._targets.clear()
        self.import_graph_cache = self.import_index_cache = None
        self.fixed_loads_cache.clear()

    def unique_modules(self) -> list[Module]:
        """Each module once, in project order (`modules` holds it under every name it may
        be imported as)."""
        unique = self._unique
        if unique is None:
            unique = self._unique = list({id(m): m for m in self.modules.values()}.values())
        return unique

    def module_scope(self, mod: Module) -> Func:
        return self.funcs[f"{mod.name}.<module>"]

    def class_scope(self, cls: Cls) -> Func:
        """The scope whose names a class body sees: the function it is defined in, or its
        module."""
        return self.funcs.get(f"{cls.mod.name}.{cls.cd.scope}") or self.module_scope(cls.mod)

    def parent_scope(self, func: Func) -> Func:
        """The scope whose names a def's decorators, defaults and annotations see."""
        scope = func.scope
        if scope is None:
            if func.fd.parent:
                scope = self.funcs.get(f"{func.mod.name}.{func.fd.parent}")
            if scope is None:
                scope = self.module_scope(func.mod)
            func.scope = scope
        return scope

    def _index_sites(self) -> dict[str, list[tuple[Func, CallSite]]]:
        index: dict[str, list[tuple[Func, CallSite]]] = {}
        for func in self.funcs.values():
            _index_calls(index, func)
        self._sites_by_name = index
        self._with_renamed.clear()
        return index

    def sites_named(self, name: str, renamed: bool = True) -> list[tuple[Func, CallSite]]:
        """(caller, call site) of every call whose function expression ends in `name`
        (`name(...)` or `x.name(...)`), in project order, then (`renamed`) of every call by a
        name some module imports it as (`from .engine import recommend as rank`, `rank()`)."""
        sites = self._sites_by_name
        if sites is None:
            sites = self._index_sites()
        found = sites.get(name, [])
        aliases = self.renamed_imports().get(name) if renamed else None
        if aliases:
            known = self._with_renamed.get(name)
            if known is None:
                known = found + [pair for alias in aliases for pair in sites.get(alias, ())]
                self._with_renamed[name] = known
            found = known
        return found

    def renamed_imports(self) -> dict[str, list[str]]:
        """Each name some module imports under another name → those other names (module
        level and function-local `from … import name as other`)."""
        renamed = self._renamed
        if renamed is None:
            found: dict[str, set[str]] = {}
            for mod in self.unique_modules():
                for local, imp in mod.summary.imports.items():
                    if imp.name and imp.name != local:
                        found.setdefault(imp.name, set()).add(local)
                for fd in mod.summary.funcs.values():
                    for local, values in fd.locals.items():
                        for value in values:
                            if value[0] == "imp" and value[3] and value[3] != local:
                                found.setdefault(value[3], set()).add(local)
            renamed = self._renamed = {name: sorted(names) for name, names in found.items()}
        return renamed

    def used_names(self) -> set[str]:
        """Every name some module hands on as a value, not only calls or reads
        (`ModuleSummary.value_names`): `Depends(f)`, `add_middleware(M)`, `{"sync": f}`."""
        used = self._used
        if used is None:
            used = self._used = set()
            for mod in self.unique_modules():
                used.update(mod.summary.value_names)
        return used

    def stored_attributes(self) -> dict[str, list[tuple[Func, tuple]]]:
        """Each attribute name some function stores (`x.name = …`) → (that function, what it
        is stored on: `("name", "Config")`) for each store."""
        stored = self._attribute_stores
        if stored is None:
            stored = self._attribute_stores = {}
            for func in self.funcs.values():
                for base, attr, _value in func.fd.attr_stores:
                    stored.setdefault(attr, []).append((func, base))
        return stored

    def written_names(self) -> frozenset[str]:
        """Every name some code fills or rebinds: declared `global` in a function, stored
        into (`X[k] = v`, `X += …`, `del X[k]`) or changed by a method that fills a
        container (`X.update(…)`) — not through a local of the same name. A name written
        only through an attribute (`X.a = v`, deeper `X.a[k] = v`, `X.a.append(…)`) is
        listed as "X." and "X.a" instead: `settings.CRON = …` fills no other setting. A
        module table no code writes (`KNOWN = {...}` only read) holds nothing a call left
        behind: no memo (rules/memo.py)."""
        written = self._written
        if written is None:
            found: set[str] = set()
            for mod in self.unique_modules():
                for fd in mod.summary.funcs.values():
                    found.update(_written_by(fd))
            written = self._written = frozenset(found)
        return written

    def rearmed_flags(self, class_gqn: str | None) -> frozenset[str]:
        """The flags some function sets back to `False` after start (`self._finalized =
        False` in a method other than `__init__` or `__new__`, which set up a new instance,
        or a `global` so reset): a done-flag a new cycle re-arms, not a once-per-process
        memo (rules/memo.py). For a method of `class_gqn`: the attributes its class or a
        base re-arms through `self`, and those any code re-arms through another object
        (`worker._ready = False`); an unrelated class's `self._initialized = False` is
        its own."""
        known = self._rearmed_for.get(class_gqn)
        if known is not None:
            return known
        rearmed = self._rearmed
        if rearmed is None:
            rearmed = self._rearmed = self._find_rearmed()
        family = set(self.mro(class_gqn)[0]) if class_gqn else set()
        known = self._rearmed_for[class_gqn] = frozenset(
            name for name, owners in rearmed.items() if None in owners or owners & family
        )
        return known

    def reset_by_callers(self, fd: FuncDef) -> list[tuple[Func, str]]:
        """(caller, global) for each module global a caller of `fd` (by name) sets back to
        None or False before calling it again (`_keys = None` under `global _keys`, then
        `keys = get_keys()`): a memo `fd` keeps there is refetched whenever that caller
        invalidates it, not once."""
        found: list[tuple[Func, str]] = []
        for caller, _site in self.sites_named(fd.name):
            cfd = caller.fd
            if cfd is fd or not cfd.globals_declared:
                continue
            values = caller.mod.summary.global_values
            for name in sorted(cfd.globals_declared):
                if any(qn == cfd.qn and v in _UNSET for qn, v in values.get(name, ())):
                    found.append((caller, name))
        return found

    def _find_rearmed(self) -> dict[str, set[str | None]]:
        """Each re-armed flag → the classes whose methods re-arm it through `self` (None:
        a global, or an attribute of another object)."""
        found: dict[str, set[str | None]] = {}
        places = self._rearmers
        places.clear()
        for mod in self.unique_modules():
            funcs = mod.summary.funcs
            for name, values in mod.summary.global_values.items():
                for qn, value in values:
                    if qn != "<module>" and value == _FALSE:
                        found.setdefault(name, set()).add(None)
                        line = funcs[qn].line if qn in funcs else 0  # (0: no text to read)
                        places.setdefault(name, []).append((mod.path, line))
            for fd in funcs.values():
                if fd.name in _CONSTRUCTORS or self._at_shutdown_only(mod, fd):
                    continue
                owner = f"{mod.name}.{fd.class_qn}" if fd.class_qn else None
                for base, attr, value in fd.attr_stores:
                    if value == _FALSE:
                        by_self = base == ("name", "self") and owner is not None
                        found.setdefault(attr, set()).add(owner if by_self else None)
                        places.setdefault(attr, []).append((mod.path, fd.line))
        return found

    def rearming_places(self, name: str) -> list[tuple[str, int]]:
        """(path, first line) of each function that sets the flag `name` back to False
        (`rearmed_flags`), for a reader of their text (slot_resets.py)."""
        if self._rearmed is None:
            self._rearmed = self._find_rearmed()
        return self._rearmers.get(name, [])

    def _at_shutdown_only(self, mod: Module, fd: FuncDef) -> bool:
        """Whether a method that re-arms a flag runs only as the app stops: every call of it
        by its name stands after a lifespan's `yield` (`await db.close()`), and nothing
        uses it as a value (a callback: `client.on_disconnect = self._on_disconnect`)."""
        if fd.class_qn is None or not fd.attr_stores or fd.name in self.used_names():
            return False
        func = self.funcs.get(f"{mod.name}.{fd.qn}")
        if func is None:
            return False
        sites = [
            (caller, site)
            for caller, site in self.sites_named(fd.name)
            if site.func[0] == "attr"
            and site.func[2] == fd.name
            and (callee := self.callee(caller, site.func)) is not None
            and callee[1] == func.gqn
        ]
        return bool(sites) and all(
            _a_lifespan(caller.fd)
            and any(first <= site.line <= last for first, last in caller.fd.after_yield)
            for caller, site in sites
        )

    # ---- memoised inferences ------------------------------------------------------------

    def _memoized(self, key: tuple, kind: int, a: Any, b: Any = None, c: int = 0) -> Value | None:
        """Memoize one inference (`kind`: `_module_member(a, b)`, `_return_value(a)` or
        `_param_value(a, b, c)`); a re-entrant request for the same key (a cycle) is None.
        As in `value_of`, the memo marks the inferences under way (_BUSY). (A kind rather
        than a function to call: compiled, each is then a native call.)"""
        memo = self._memo
        value = memo.get(key, _MISSING)
        if value is not _MISSING:
            if value is _BUSY:
                self._cut += 1
                return None
            return value
        memo[key] = _BUSY
        try:
            if kind == _MEMBER:
                value = self._module_member(a, b)
            elif kind == _RETURN:
                value = self._return_value(a)
            else:
                value = self._param_value(a, b, c)
        except BaseException:
            del memo[key]  # nothing is memoised for an inference that raised
            raise
        memo[key] = value
        return value

    # ---- defined by the later layers (see the module docstring) -------------------------

    def value_of(self, func: Func, ref: tuple) -> Value | None:
        raise NotImplementedError  # inference.py

    def attribute(self, base: Value, attr: str) -> Value | None:
        raise NotImplementedError  # inference.py

    def annotation_type(self, scope: Func, ann: tuple | None) -> Value | None:
        raise NotImplementedError  # inference.py

    def param_value(self, func: Func, param: Param, index: int) -> Value | None:
        raise NotImplementedError  # parameters.py

    def is_protocol(self, class_gqn: str) -> bool:
        raise NotImplementedError  # class_index.py

    def mro(self, class_gqn: str) -> tuple[list[str], list[str]]:
        raise NotImplementedError  # class_index.py

    def callee(self, func: Func, ref: tuple) -> Value | None:
        raise NotImplementedError  # inference.py

    def _module_member(self, modname: str, name: str) -> Value | None:
        raise NotImplementedError  # resolution.py

    def _return_value(self, func: Func) -> Value | None:
        raise NotImplementedError  # inference.py

    def _param_value(self, func: Func, param: Param, index: int) -> Value | None:
        raise NotImplementedError  # parameters.py


def _a_lifespan(fd: FuncDef) -> bool:
    """Whether `fd` reads as an app's lifespan (`async def lifespan(app)`, a context manager
    given the app): what follows its `yield` runs once, as the app stops — not a generator
    dependency's exit, which runs after every request."""
    first = fd.params[0].name if fd.params else ""
    return fd.is_async and fd.is_generator and ("lifespan" in fd.name or first in ("app", "_app"))


def _written_by(fd: FuncDef) -> set[str]:
    """What `written_names` gathers of one function: the names it declares `global`, and
    the names it stores into or fills (not its locals), or "X." and "X.a" when it does so
    through an attribute of X only."""
    refs: list[tuple] = [("attr", target, attr) for target, attr, _value in fd.attr_stores]
    refs += fd.mutated
    refs += [c.func[1] for c in fd.calls if c.func[0] == "attr" and c.func[2] in FILLERS]
    # (not a local of the function: `settings = db.get(Settings, 1)` then
    # `settings.updated_at = now` writes a row, not the global `settings`)
    local = set(fd.locals) - fd.globals_declared if fd.qn != "<module>" else set()
    found = set(fd.globals_declared)
    for ref in refs:
        name = root_name(ref)
        if name and name not in local:
            through = root_attribute(ref)
            found.update((f"{name}.", through) if through else (name,))
    return found
