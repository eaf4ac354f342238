"""The linked project: module names, symbols, and what an expression evaluates to.

Values are small tuples, so they can be memoised and compared cheaply:

    ("mod", module)        a project module          ("func", gqn)  a project function
    ("meth", gqn)          a bound project method    ("class", gqn) a project class
    ("obj", class gqn)     an instance of a project class
    ("ext", qualname)      something outside the project (function, class, module, method)
    ("inst", type qualname) an instance of an outside type ("boto3.Client", "requests.Session")
    ("items", value)       a dict whose items are `value` (`{"a": boto3.client(...)}`,
                           `dict[str, Client]`): `d[k]` and `d.get(k)` give `value`

`gqn` is "<module>.<qualname in module>". Receiver typing is flow-insensitive and
deliberately simple: a name's value is the first assigned value we can type; parameters are
typed by annotation, by their FastAPI dependency, or by the arguments call sites pass. This
is what catches `producer.send_message()` on an injected `Producer`, and what a
bare-method-name linter cannot do.

Why hand-written: no library resolves names across a project from `ast` without importing
it (jedi/pyright are far too slow for 2,000 files in seconds and need the environment).

Speed (this runs for every call site of a large project): inferences are memoised per
function (`Func.memo`), and a few derived answers are cached — a module-level name (per
module), an import target, a method lookup, a stored attribute, and what `base.attr`
evaluates to or names as a callee for a given base value (once for the project: that answer
depends on no function). A cycle or the depth limit
answers None without memoising, so an answer computed across such a cut depends on the order
of inference; `_cut` counts the cuts, and a derived answer is cached only when no cut
happened while computing it — so every cache returns what recomputing would.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from unjam.analysis.catalogue import Catalogue
from unjam.analysis.summary import CallSite, ClassDef, FuncDef, ImportRef, ModuleSummary, Param

Value = tuple

_ANNOTATED = {"typing.Annotated", "typing_extensions.Annotated"}
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
_PROPERTY_DECORATORS = {
    ("name", "property"),
    ("name", "cached_property"),
    ("attr", ("name", "functools"), "cached_property"),
}
_MAX_DEPTH = 120
_MAX_HINT_SITES = 200
# Memo sentinels, typed Any so that a memo holds `Value | None` or one of them (and mypyc,
# which compiles this module when it can, checks what a lookup returns only where it is used):
_MISSING: Any = object()  # None is a memoised value
_BUSY: Any = object()  # this inference is under way (a re-entrant request is a cycle)
# What `Project._memoized` computes
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
            return f"{self.fd.qn.rpartition('.<lambda:')[0] or '<module>'}.<lambda>"
        return self.fd.qn


@dataclass(slots=True)
class Cls:
    gqn: str
    mod: Module
    cd: ClassDef


def module_names(path: str | Path, root: str | Path, is_init: dict) -> list[str]:
    """Every dotted name the file may be imported as: through its package chain (walk up while
    `__init__.py` exists), relative to the root, and relative to `root/src`.

    Absolute POSIX paths take a string-only route (pathlib costs ~0.1 s on 3,000 files);
    it gives the names the pathlib route below gives."""
    path, root = os.fspath(path).rstrip("/") or "/", os.fspath(root).rstrip("/") or "/"
    if os.sep != "/" or not (path.startswith("/") and root.startswith("/")):
        return _module_names_pathlib(Path(path), Path(root), is_init)

    def has_init(d: str) -> bool:
        known = is_init.get(d)
        if known is None:
            known = is_init[d] = os.path.isfile(os.path.join(d, "__init__.py"))
        return known

    name = os.path.basename(path)
    i = name.rfind(".")
    stem = name[:i] if 0 < i < len(name) - 1 else name  # pathlib's `stem`
    stem_parts = [] if name == "__init__.py" else [stem]
    names: list[str] = []
    parts = list(stem_parts)
    parent = os.path.dirname(path)
    d = parent
    while has_init(d) and d != os.path.dirname(d):
        parts.insert(0, os.path.basename(d))
        d = os.path.dirname(d)
    if parts:
        names.append(".".join(parts))
    for base in (root, os.path.join(root, "src")):
        if parent == base:
            rel: list[str] = []
        elif parent.startswith(os.path.join(base, "")):
            rel = parent[len(os.path.join(base, "")) :].split("/")
        else:
            continue
        dotted = [*rel, *stem_parts]
        if dotted and all(p.isidentifier() for p in dotted):
            dotted_name = ".".join(dotted)
            if dotted_name not in names:
                names.append(dotted_name)
    return names


def _module_names_pathlib(path: Path, root: Path, is_init: dict) -> list[str]:
    def has_init(d: Path) -> bool:
        known = is_init.get(d)
        if known is None:
            known = is_init[d] = (d / "__init__.py").is_file()
        return known

    stem_parts = [] if path.name == "__init__.py" else [path.stem]
    names: list[str] = []
    parts = list(stem_parts)
    d = path.parent
    while has_init(d) and d != d.parent:
        parts.insert(0, d.name)
        d = d.parent
    if parts:
        names.append(".".join(parts))
    for base in (root, root / "src"):
        try:
            rel = path.parent.relative_to(base)
        except ValueError:
            continue
        dotted = [*rel.parts, *stem_parts]
        if dotted and all(p.isidentifier() for p in dotted):
            name = ".".join(dotted)
            if name not in names:
                names.append(name)
    return names


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
class Project:
    catalogue: Catalogue
    modules: dict[str, Module] = field(default_factory=dict)
    primary: dict[str, str] = field(default_factory=dict)  # relpath → primary module name
    funcs: dict[str, Func] = field(default_factory=dict)
    classes: dict[str, Cls] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._memo: dict[tuple, Value | None] = {}
        self._depth = 0
        self._stores: dict[tuple[str, str], list[tuple[Func, tuple]]] = {}
        self._pending_stores: list[tuple[Func, tuple, str, tuple]] | None = None
        self._typing_stores = False  # the stores whose base needs typing are being typed
        self._stored: dict[tuple[str, str], Value | None] = {}  # (owner, attr) → stored()
        # call name → (caller, site) of every call ending in that name, in project order:
        # kept up to date by `add_module` (None: rebuilt on first use, see there)
        self._sites_by_name: dict[str, list[tuple[Func, CallSite]]] | None = {}
        self._mro: dict[str, tuple[list[str], list[str]]] = {}
        self._mro_busy: set[str] = set()  # classes whose MRO is being computed
        self._methods: dict[tuple[str, str], Func | None] = {}  # (class, name) → method
        # Inferences answered "None" because of a cycle or the depth limit, a count: a result
        # computed while it did not change is reproducible, so it may be cached.
        self._cut = 0
        self._qns: dict[str, Value | None] = {}  # dotted name → resolve_qn()
        self._aliases: dict[tuple[str, str], tuple[Func, tuple | None] | None] = {}  # → _alias_of()
        self._attributes: dict[tuple[Value, str], Value | None] = {}  # → attribute()
        self._members: dict[tuple[Value, str], Value | None] = {}  # → a callee `base.attr`
        # gqn → the gqns of its later redefinitions (`f#<line>`, see summarize.funcdef)
        self.variants: dict[str, list[str]] = {}

    # ---- building -----------------------------------------------------------------------

    def add_module(self, names: list[str], relpath: str, summary: ModuleSummary) -> list[Func]:
        """Link one module; its functions, in order."""
        # the primary name keys this module's functions: it must be unique (two scripts
        # dirs may each hold a `main.py`); a taken name stays an alias of the first module
        primary = next((n for n in names if n not in self.modules), None)
        if primary is None:
            primary = relpath.removesuffix(".py").replace("/", ".").replace("-", "_") + "@"
        mod = Module(primary, relpath, summary)
        self.primary[relpath] = primary
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

    def module_scope(self, mod: Module) -> Func:
        return self.funcs[f"{mod.name}.<module>"]

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

    # ---- imports and names --------------------------------------------------------------

    def import_target(self, mod: Module, imp: ImportRef) -> str:
        if imp.level == 0:
            base = imp.module
        else:
            parts = mod.name.split(".")
            keep = len(parts) - imp.level + (1 if mod.summary.is_package else 0)
            base = ".".join(parts[: max(keep, 0)])
            if imp.module:
                base = f"{base}.{imp.module}" if base else imp.module
        if imp.name:
            return f"{base}.{imp.name}" if base else imp.name
        return base

    def resolve_qn(self, qn: str) -> Value | None:
        """What a dotted name (an import's target) denotes; the same import appears in many
        modules, so answers inferred without a cycle cut are kept."""
        value = self._qns.get(qn, _MISSING)
        if value is not _MISSING:
            return value
        cut = self._cut
        value = self._resolve_qn(qn)
        if cut == self._cut:
            self._qns[qn] = value
        return value

    def _resolve_qn(self, qn: str) -> Value | None:
        if qn in self.modules:
            return ("mod", qn)
        parts = qn.split(".")
        for i in range(len(parts) - 1, 0, -1):
            prefix = ".".join(parts[:i])
            if prefix in self.modules:
                value: Value | None = ("mod", prefix)
                for attr in parts[i:]:
                    if value is None:
                        return None
                    value = self.attribute(value, attr)
                return value
        return ("ext", self.catalogue.canonical(qn))

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

    def module_member(self, modname: str, name: str) -> Value | None:
        key = ("member", modname, name)
        value = self._memo.get(key, _MISSING)
        if value is not _MISSING and value is not _BUSY:
            return value
        return self._memoized(key, _MEMBER, modname, name)

    def _module_member(self, modname: str, name: str) -> Value | None:
        mod = self.modules[modname]
        s = mod.summary
        fd = s.funcs.get(name)
        if fd is not None and fd.class_qn is None and fd.parent is None and not fd.is_lambda:
            return ("func", f"{mod.name}.{name}")
        if name in s.classes:
            return ("class", f"{mod.name}.{name}")
        imp = s.imports.get(name)
        if imp is not None:
            return self.resolve_qn(self.import_target(mod, imp))
        values = s.global_values.get(name)
        if values:
            ann = s.global_annotations.get(name)
            if ann is not None:
                typed = self.annotation_type(self.module_scope(mod), ann)
                if typed is not None:
                    return typed
            for scope_qn, ref in values:
                scope = self.funcs.get(f"{mod.name}.{scope_qn}") or self.module_scope(mod)
                value = self.value_of(scope, ref)
                if value is not None:
                    return value
            return None
        sub = f"{modname}.{name}"
        if sub in self.modules:
            return ("mod", sub)
        for star in s.star_imports:
            target = self.import_target(mod, ImportRef(star.level, star.module, None))
            if target in self.modules and target != modname:
                value = self.module_member(target, name)
                if value is not None:
                    return value
        return None

    def lookup_name(self, func: Func, name: str) -> Value | None:
        f: Func | None = func
        while f is not None:
            fd = f.fd
            if fd.qn == "<module>" or name in fd.globals_declared:
                break
            local = fd.local_defs.get(name)
            if local is not None:
                gqn = f"{f.mod.name}.{local}"
                return ("class", gqn) if gqn in self.classes else ("func", gqn)
            if fd.params:
                names = self._param_names(f) if f.param_names is None else f.param_names
                if name in names:
                    index = names.index(name)
                    return self.param_value(f, fd.params[index], index)
            if name in fd.locals or name in fd.local_annotations:
                return self.local_value(f, name)
            f = self.funcs.get(f"{f.mod.name}.{fd.parent}") if fd.parent else None
        return self.global_name(func.mod, name)

    @staticmethod
    def _param_names(func: Func) -> tuple[str, ...]:
        names = func.param_names = tuple([param.name for param in func.fd.params])
        return names

    def global_name(self, mod: Module, name: str) -> Value | None:
        """What `name` means at module level in `mod` (a member, else a builtin)."""
        value = mod.names.get(name, _MISSING)
        if value is not _MISSING:
            return value
        cut = self._cut
        value = self.module_member(mod.name, name)
        if value is None:
            summary = mod.summary
            if name in summary.global_values or name in summary.imports:
                value = None  # known but untyped
            else:
                value = ("ext", self.catalogue.canonical(f"builtins.{name}"))
        if cut == self._cut:
            mod.names[name] = value
        return value

    def local_value(self, func: Func, name: str) -> Value | None:
        ann = func.fd.local_annotations.get(name)
        if ann is not None:
            typed = self.annotation_type(self.parent_scope(func), ann)
            if typed is not None:
                return typed
        for ref in func.fd.locals.get(name, ()):
            value = self.value_of(func, ref)
            if value is not None:
                return value
        return None

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
        memo[ref] = value
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
            parts = ref[1:] if tag == "ifexp" else ref[1]
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
            # `{"a": boto3.client(...), ...}`: what an item is (the first value typed)
            for _key, item in ref[1]:
                value = self.value_of(func, item)
                if value is not None:
                    return ("items", value)
            return None
        if tag == "binop" and ref[1] == "Div":
            left = self.value_of(func, ref[2])
            if left == ("inst", "pathlib.Path"):
                return left
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
            method = self.method(base[1], attr)
            if method is not None:
                if self.is_property(method):
                    return self.return_value(method)
                return ("meth", method.gqn)
            stored = self.stored(base[1], attr)
            if stored is not None:
                return stored
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
        return None

    def callee(self, func: Func, ref: tuple) -> Value | None:
        """What a call's function expression names; methods of outside instances stay
        addressable as ("ext", "Type.method") so the catalogue can match them."""
        if ref[0] != "attr":
            return self.value_of(func, ref)
        base = self.value_of(func, ref[1])
        if base is None:
            return None
        # a function of (base, attr) alone: kept for the whole project when inferred
        # without a cycle cut (like `attribute()`)
        key = (base, ref[2])
        value = self._members.get(key, _MISSING)
        if value is _MISSING:
            cut = self._cut
            value = self._member(base, ref[2])
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
            # `attribute()` inlined: a second `stored()` would return the same value
            method = self.method(base[1], attr)
            if method is not None:
                if self.is_property(method):
                    return self.return_value(method)
                return ("meth", method.gqn)
            stored = self.stored(base[1], attr)
            if stored is not None:
                return stored
            for ext in self.mro(base[1])[1]:
                return ("ext", self.catalogue.canonical(f"{ext}.{attr}"))
            return None
        return self.attribute(base, attr)

    def call_result(self, func: Func, ref: tuple) -> Value | None:
        target = ref[1]
        if target[0] == "attr" and target[2] in _ITEM_GETTERS:
            container = self.value_of(func, target[1])
            if container is not None and container[0] == "items":
                return container[1]  # `CLIENTS.get(name)`
        callee = self.callee(func, target)
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
            if qn == "functools.partial" and ref[2]:
                return self.value_of(func, ref[2][0])
            if qn == "builtins.type" and len(ref[2]) == 1:
                # `type(self)`: the instance's class (an outside type: unknown)
                instance = self.value_of(func, ref[2][0])
                return ("class", instance[1]) if instance and instance[0] == "obj" else None
            returned = self.catalogue.returns(qn)
            return ("inst", self.catalogue.canonical(returned or qn))
        if kind == "inst":
            returned = self.catalogue.returns(f"{callee[1]}.__call__")
            return ("inst", returned) if returned else None
        return None

    # ---- functions, classes, parameters -------------------------------------------------

    def return_value(self, func: Func) -> Value | None:
        key = ("return", func.gqn)
        value = self._memo.get(key, _MISSING)
        if value is not _MISSING and value is not _BUSY:
            return value
        return self._memoized(key, _RETURN, func)

    def _return_value(self, func: Func) -> Value | None:
        if func.fd.is_generator:
            return None
        value = None
        if func.fd.returns is not None:
            value = self.annotation_type(self.parent_scope(func), func.fd.returns)
        if value is None:
            for ref in func.fd.return_values:
                value = self.value_of(func, ref)
                if value is not None:
                    break
        return value

    def dependency_result(self, func: Func) -> Value | None:
        """The value FastAPI injects for `Depends(func)` (a generator's yielded value)."""
        if not func.fd.is_generator:
            return self.return_value(func)
        if func.fd.returns is not None:
            typed = self.annotation_type(self.parent_scope(func), func.fd.returns)
            if typed is not None:
                return typed
        for ref in func.fd.yield_values:
            value = self.value_of(func, ref)
            if value is not None:
                return value
        return None

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

    def _alias_of(self, modname: str, name: str) -> tuple[Func, tuple | None] | None:
        """(module scope, `X[...]` ref) of the module-level alias `name` of `modname`,
        following imports; None for no alias. Reads the summaries only (no inference)."""
        for _ in range(10):
            mod = self.modules.get(modname)
            if mod is None:
                break
            values = mod.summary.global_values.get(name)
            if values:
                for scope_qn, ref in values:
                    if scope_qn == "<module>" and ref[0] == "sub":
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

    def param_depends(self, func: Func, param: Param) -> tuple[Func, tuple] | None:
        """(scope, `Depends(...)` call ref) of a parameter (default or inside Annotated)."""
        scope = self.parent_scope(func)
        default = param.default
        if default is not None and self.is_depends(scope, default):
            return scope, default
        alias_scope, ann = self.alias(scope, param.annotation)
        for meta in self.annotated_metadata(alias_scope, ann):
            if self.is_depends(alias_scope, meta):
                return alias_scope, meta
        return None

    def depends_target(self, scope: Func, param: Param | None, call: tuple) -> Value | None:
        """What `Depends(x)` calls (x evaluated in `scope`), or the annotation's class for
        `Depends()`."""
        args, kwargs = call[2], dict(call[3])
        target = args[0] if args else kwargs.get("dependency")
        if target is not None and target != ("const", None):
            return self.value_of(scope, target)
        if param is not None and param.annotation is not None:
            alias_scope, ann = self.alias(scope, param.annotation)
            typed = self.annotation_type(alias_scope, ann)
            if typed is not None and typed[0] == "obj":
                return ("class", typed[1])
        return None

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
                return ("obj", func.class_gqn)
        scope = self.parent_scope(func)
        alias_scope, ann = self.alias(scope, param.annotation)
        typed = self.annotation_type(alias_scope, ann)
        if typed is not None:
            return typed
        depends = self.param_depends(func, param)
        if depends is not None:
            target = self.depends_target(depends[0], param, depends[1])
            return self.injected(target)
        return self.param_hint(func, param, index)

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

    def param_hint(self, func: Func, param: Param, index: int) -> Value | None:
        """Type an unannotated parameter from the arguments its call sites pass."""
        sites = self._sites_by_name
        if sites is None:
            sites = self._index_sites()
        fd = func.fd
        name = fd.name
        class_gqn = func.class_gqn
        via_class = False
        if name == "__init__" and class_gqn is not None:
            via_class = True
            name = self.classes[class_gqn].cd.name
        candidates = sites.get(name, ())
        positional = param.kind == "pos"
        pname = param.name
        for caller, site in candidates[:_MAX_HINT_SITES]:
            args = site.args
            if not (
                positional
                and (
                    (0 <= index < len(args) and args[index][0] != "star")
                    or (0 < index <= len(args) and args[index - 1][0] != "star")
                )
            ):
                for kw, _ in site.kwargs:
                    if kw == pname:
                        break
                else:
                    continue  # passes nothing for this parameter: no need to type the callee
            callee = self.callee(caller, site.func)
            if callee is None:
                continue
            if via_class:
                if callee != ("class", func.class_gqn):
                    continue
                position = index - 1
            elif callee[1] == func.gqn and callee[0] in ("func", "meth"):
                bound = callee[0] == "meth" or (
                    func.class_gqn is not None and site.func[0] == "attr" and index > 0
                )
                position = index - 1 if bound else index
            else:
                continue
            arg = None
            if param.kind == "pos" and 0 <= position < len(site.args):
                arg = site.args[position]
                if arg[0] == "star":
                    arg = None
            if arg is None:
                for kw, ref in site.kwargs:
                    if kw == param.name:
                        arg = ref
            if arg is not None:
                value = self.value_of(caller, arg)
                if value is not None:
                    return value
        return None

    def _index_sites(self) -> dict[str, list[tuple[Func, CallSite]]]:
        index: dict[str, list[tuple[Func, CallSite]]] = {}
        for func in self.funcs.values():
            _index_calls(index, func)
        self._sites_by_name = index
        return index

    def sites_named(self, name: str) -> list[tuple[Func, CallSite]]:
        """(caller, call site) of every call whose function expression ends in `name`
        (`name(...)` or `x.name(...)`), in project order."""
        sites = self._sites_by_name
        if sites is None:
            sites = self._index_sites()
        return sites.get(name, [])

    # ---- classes ------------------------------------------------------------------------

    def mro(self, class_gqn: str) -> tuple[list[str], list[str]]:
        """(project classes in MRO order, outside base qualnames)."""
        cached = self._mro.get(class_gqn)
        if cached is not None:
            if class_gqn in self._mro_busy:
                self._cut += 1  # the cycle guard, not the final answer
            return cached
        self._mro[class_gqn] = ([class_gqn], [])  # cycle guard
        self._mro_busy.add(class_gqn)
        try:
            project, outside = [class_gqn], []
            cls = self.classes.get(class_gqn)
            if cls is not None:
                scope = self.funcs.get(f"{cls.mod.name}.{cls.cd.scope}") or self.module_scope(
                    cls.mod
                )
                for base_ref in cls.cd.bases:
                    base = self.value_of(scope, base_ref)
                    if base is None:
                        continue
                    if base[0] == "class":
                        sub_project, sub_outside = self.mro(base[1])
                        project += [c for c in sub_project if c not in project]
                        outside += [o for o in sub_outside if o not in outside]
                    elif (
                        base[0] == "ext"
                        and base[1] not in ("builtins.object", "typing.Generic")
                        and base[1] not in outside
                    ):
                        outside.append(base[1])
        finally:
            self._mro_busy.discard(class_gqn)
        self._mro[class_gqn] = (project, outside)
        return project, outside

    def method(self, class_gqn: str, name: str) -> Func | None:
        key = (class_gqn, name)
        found = self._methods.get(key, _MISSING)
        if found is not _MISSING:
            return found
        found = None
        for c in self.mro(class_gqn)[0]:
            cls = self.classes.get(c)
            if cls is None:
                continue
            qn = cls.cd.methods.get(name)
            if qn is not None:
                found = self.funcs.get(f"{cls.mod.name}.{qn}")
                break
        if class_gqn not in self._mro_busy:
            self._methods[key] = found
        return found

    @staticmethod
    def is_property(method: Func) -> bool:
        prop = method.prop
        if prop is None:
            prop = method.prop = any(d[0] in _PROPERTY_DECORATORS for d in method.fd.decorators)
        return prop

    def stored(self, owner: str, attr: str) -> Value | None:
        """The value of `owner.attr` from assignments anywhere (self.x = ..., app.state.x =
        ..., class-level attributes), owner being a class gqn or an outside type."""
        key = (owner, attr)
        value = self._stored.get(key, _MISSING)
        if value is not _MISSING:
            return value
        cut = self._cut
        value = self._stored_value(owner, attr)
        if cut == self._cut:
            self._stored[key] = value
        return value

    def _stored_value(self, owner: str, attr: str) -> Value | None:
        if self._pending_stores is None:
            self._index_stores()
        if self._typing_stores:
            self._cut += 1  # the store index is still partial: not a final answer
        owners = self.mro(owner)[0] if owner in self.classes else [owner]
        for o in owners:
            found = self._stored_values(o, attr)
            if found is not None:
                return found
        if self._pending_stores:
            pending, self._pending_stores = self._pending_stores, []
            self._typing_stores = True
            try:
                for func, base_ref, name, value_ref in pending:
                    base = self.value_of(func, base_ref)
                    if base is not None and base[0] in ("obj", "class", "inst"):
                        self._stores.setdefault((base[1], name), []).append((func, value_ref))
            finally:
                self._typing_stores = False
            for o in owners:
                found = self._stored_values(o, attr)
                if found is not None:
                    return found
        return None

    def _stored_values(self, owner: str, attr: str) -> Value | None:
        for func, ref in self._stores.get((owner, attr), ()):
            value = self.value_of(func, ref)
            if value is not None:
                return value
        cls = self.classes.get(owner)
        if cls is not None and attr in cls.cd.attrs:
            scope = self.funcs.get(f"{cls.mod.name}.{cls.cd.scope}") or self.module_scope(cls.mod)
            for ref in cls.cd.attrs[attr]:
                value = self.value_of(scope, ref)
                if value is not None:
                    return value
        return None

    def _index_stores(self) -> None:
        pending: list[tuple[Func, tuple, str, tuple]] = []
        for func in self.funcs.values():
            fd = func.fd
            if not fd.attr_stores:
                continue
            owner = func.class_gqn
            first = fd.params[0].name if fd.params and owner else None
            for base_ref, attr, value_ref in fd.attr_stores:
                if first is not None and owner is not None and base_ref == ("name", first):
                    self._stores.setdefault((owner, attr), []).append((func, value_ref))
                else:
                    pending.append((func, base_ref, attr, value_ref))
        self._pending_stores = pending

    # ---- symbols (identity of module-level objects such as apps and routers) ------------

    def symbol(self, func: Func, ref: tuple) -> str | None:
        """A stable identity for the variable a name/attribute expression denotes."""
        if ref[0] == "name":
            name = ref[1]
            f: Func | None = func
            while f is not None and f.fd.qn != "<module>":
                if name in f.fd.globals_declared:
                    break
                if name in f.fd.locals or any(p.name == name for p in f.fd.params):
                    return f"{f.gqn}:{name}"
                f = self.funcs.get(f"{f.mod.name}.{f.fd.parent}") if f.fd.parent else None
            return self.global_symbol(func.mod.name, name)
        if ref[0] == "attr":
            base = self.value_of(func, ref[1])
            if base is not None and base[0] == "mod":
                return self.global_symbol(base[1], ref[2])
            inner = self.symbol(func, ref[1])
            return None if inner is None else f"{inner}.{ref[2]}"
        return None

    def global_symbol(self, modname: str, name: str, depth: int = 0) -> str:
        mod = self.modules.get(modname)
        if mod is None or depth > 20:
            return f"{modname}.{name}"
        imp = mod.summary.imports.get(name)
        if imp is not None:
            target = self.import_target(mod, imp)
            parent, _, last = target.rpartition(".")
            if parent in self.modules and target not in self.modules:
                return self.global_symbol(parent, last, depth + 1)
            return target
        return f"{mod.name}.{name}"
