"""The catalogue of blocking APIs: loads `catalogue.toml` plus user entries, validates them,
and answers "is this qualified name blocking, what does it return, is it a client factory".

Knowledge is data (DESIGN.md): the analyser never hard-codes an API name; everything it knows
about requests, boto3, sqlalchemy, ... is an entry here. User entries from `[tool.unjam]`
use exactly the built-in `[[blocking]]` schema (documented in docs/check-catalogue.md) and
override built-in entries of the same name.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from unjam.errors import UserError
from unjam.model import BlockingKind

_KINDS = {k.value for k in BlockingKind}
_RECEIVER = re.compile(r"\{receiver:([^}]*)\}")  # see CatalogueEntry.fix_for
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*(\.\*)?$")
_KEYS = {"name", "kind", "fix", "except", "only", "returns", "property", "client"}
_OFFLOAD_CONTEXTS = {"thread-pool", "thread", "process", "iterator", "task"}


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    kind: str | None = None
    fix: str = ""
    returns: str | None = None
    prop: str | None = None
    client: bool = False
    excepted: frozenset[str] = frozenset()
    only: frozenset[str] = frozenset()
    # the `except` entries with a `*` (`*Params`: stripe's nested TypedDicts of arguments)
    excepted_patterns: tuple[str, ...] = ()

    def fix_for(self, qn: str, receiver: str | None = None) -> str:
        """The fix for a call of `qn`: a `Type.*` entry's `{method}` is the method called
        (`run_in_threadpool(pwd_context.{method}, ...)` for `CryptContext.hash`), and
        `{receiver:x}` the object it was called on as the code names it (`crypt_ctx`), or
        `x` when the code names none (`make_context().hash(...)`); of a called instance's
        `__call__`, `{receiver:x}.{method}` is the instance."""
        method = qn.rpartition(".")[2]
        fix = self.fix.replace(".{method}", "") if method == "__call__" else self.fix
        fix = fix.replace("{method}", method)
        return _RECEIVER.sub(lambda m: receiver or m.group(1), fix)

    def covers(self, attr: str) -> bool:
        """Whether this `Type.*` entry speaks for `Type.attr`: a known class's listed
        methods only (`only`), so an attribute of another type of a union is not taken
        for one of them, or any attribute but the `except`ed ones."""
        if self.only:
            return attr in self.only
        return not self.excepts(attr)

    def typed_attribute(self, attr: str) -> bool:
        """Whether `property` gives the type of `instance.attr`: any attribute but the
        `except`ed ones, or, for an `only` entry, any but the methods it lists (a Twilio
        resource's sub-resources: `client.verify.v2.services`)."""
        return attr not in self.only if self.only else not self.excepts(attr)

    def excepts(self, attr: str) -> bool:
        """Whether the `except` list names `attr`, or a pattern of it matches."""
        return attr in self.excepted or any(fnmatchcase(attr, p) for p in self.excepted_patterns)


@dataclass(frozen=True, slots=True)
class Offload:
    name: str
    arg: int
    keyword: str | None
    context: str

    def handed(self, args: tuple, kwargs: tuple) -> tuple | None:
        """The ref of what a call of this API hands off, given the call's arguments."""
        ref = args[self.arg] if 0 <= self.arg < len(args) else None
        if ref is None and self.keyword:
            ref = dict(kwargs).get(self.keyword)
        return ref


@dataclass
class Catalogue:
    exact: dict[str, Entry] = field(default_factory=dict)
    wildcard: dict[str, Entry] = field(default_factory=dict)  # "T" for an entry "T.*"
    aliases: dict[str, str] = field(default_factory=dict)
    offload: dict[str, Offload] = field(default_factory=dict)
    coroutines: frozenset[str] = frozenset()
    digest: str = ""
    types: frozenset[str] = frozenset()  # the types its entries describe or return

    def canonical(self, qn: str) -> str:
        return self.aliases.get(qn, qn)

    def lookup(self, qn: str) -> Entry | None:
        """The entry describing `qn` exactly, else the `parent.*` entry unless excepted."""
        entry = self.exact.get(qn)
        if entry is not None:
            return entry
        parent, _, attr = qn.rpartition(".")
        if parent:
            wild = self.wildcard.get(parent)
            if wild is not None and wild.covers(attr):
                return wild
        return None

    def blocking(self, qn: str) -> Entry | None:
        if qn.endswith(".__init__") and qn not in self.exact:
            # `super().__init__()` in a subclass of an outside class builds the object as
            # calling the class does: what the class's own entry says, not its methods'
            cls = qn.removesuffix(".__init__")
            if cls in self.wildcard:
                return self.blocking(cls)
        entry = self.lookup(qn)
        if entry is not None and entry.kind is None:
            # an exact type-only entry (e.g. `returns`) hides nothing: try the wildcard
            parent, _, attr = qn.rpartition(".")
            wild = self.wildcard.get(parent) if parent else None
            if wild is not None and wild.kind and wild.covers(attr):
                return wild
            return None
        return entry if entry is not None and entry.kind else None

    def returns(self, qn: str) -> str | None:
        entry = self.exact.get(qn)
        if entry is not None and entry.returns:
            return entry.returns
        parent, _, attr = qn.rpartition(".")
        wild = self.wildcard.get(parent) if parent else None
        if wild is None or not wild.returns:
            return None
        if wild.kind and wild.excepted and not wild.excepts(attr):
            return None  # `query.all()` runs the query and returns rows, not a query
        return wild.returns  # builders (`query.filter(...)`) keep the type

    def attribute(self, type_qn: str, attr: str) -> str | None:
        """Type of `instance.attr` used as a value, when a `property` wildcard says so."""
        exact = self.exact.get(f"{type_qn}.{attr}")
        if exact is not None:
            return exact.prop  # a known attribute (property) or method (None)
        wild = self.wildcard.get(type_qn)
        if wild is not None and wild.prop and wild.typed_attribute(attr):
            return wild.prop
        return None

    def is_client(self, qn: str) -> bool:
        entry = self.exact.get(qn)
        return bool(entry is not None and entry.client)


def _validate(raw: object, where: str) -> Entry:
    if not isinstance(raw, Mapping):
        raise UserError(
            f"{where}: a blocking entry must be a table like {{name = ..., kind = ...}}"
        )
    name = raw.get("name")
    label = f"{where} (name = {name!r})" if name else where
    if not isinstance(name, str) or not _NAME.match(name):
        raise UserError(
            f"{label}: 'name' must be a dotted name such as 'mylib.Client.get' or 'mylib.Client.*'"
        )
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise UserError(
            f"{label}: unknown key {unknown[0]!r}; allowed keys: {', '.join(sorted(_KEYS))}"
        )
    kind = raw.get("kind")
    if kind is not None and kind not in _KINDS:
        raise UserError(f"{label}: kind {kind!r} is not one of {', '.join(sorted(_KINDS))}")
    for key in ("fix", "returns", "property"):
        if key in raw and not isinstance(raw[key], str):
            raise UserError(f"{label}: {key!r} must be a string")
    if "client" in raw and not isinstance(raw["client"], bool):
        raise UserError(f"{label}: 'client' must be true or false")
    excepted = _method_names(raw, "except", label, name)
    only = _method_names(raw, "only", label, name)
    if excepted and only:
        raise UserError(f"{label}: give 'only' or 'except', not both")
    if (
        kind is None
        and not raw.get("returns")
        and not raw.get("client")
        and not raw.get("property")
    ):
        raise UserError(f"{label}: give at least 'kind' (or 'returns' / 'property' / 'client')")
    return Entry(
        name=name,
        kind=kind,
        fix=raw.get("fix", ""),
        returns=raw.get("returns"),
        prop=raw.get("property"),
        client=bool(raw.get("client", False)),
        excepted=frozenset(excepted),
        only=frozenset(only),
        excepted_patterns=tuple(e for e in excepted if "*" in e),
    )


def _method_names(raw: Mapping, key: str, label: str, name: str) -> list[str]:
    names = raw.get(key, [])
    if not isinstance(names, list) or not all(isinstance(e, str) for e in names):
        raise UserError(f"{label}: {key!r} must be a list of method names")
    if names and not name.endswith(".*"):
        raise UserError(f"{label}: {key!r} only applies to names ending in '.*'")
    return names


_BUILTIN: tuple[bytes, dict] | None = None


_FRAMEWORKS = frozenset({"fastapi", "starlette", "tornado", "aiohttp", "litestar", "gradio"})


def _builtin() -> tuple[bytes, dict]:
    global _BUILTIN
    if _BUILTIN is None:
        # beside this module (read directly: `importlib.resources` costs ~4 ms of imports
        # at every start, and unjam is never imported from a zip file)
        data = Path(__file__).with_name("catalogue.toml").read_bytes()
        _BUILTIN = (data, tomllib.loads(data.decode("utf-8")))
    return _BUILTIN


def library_roots() -> frozenset[str]:
    """The top-level packages of the outside libraries the built-in catalogue models
    (`requests`, `sqlalchemy`, ...) and of the frameworks whose apps the analysis reads."""
    _data, doc = _builtin()
    names = [raw["name"] for raw in doc["blocking"]] + [*doc.get("aliases", {}).values()]
    return frozenset(name.partition(".")[0] for name in names) | _FRAMEWORKS


def load_catalogue(extra: Sequence[Mapping] = ()) -> Catalogue:
    """The built-in catalogue plus `extra` user entries (validated; UserError names a bad one)."""
    data, doc = _builtin()
    cat = Catalogue()
    cat.aliases = dict(doc.get("aliases", {}))
    cat.coroutines = frozenset(doc.get("coroutines", {}).get("names", []))
    for raw in doc.get("offload", []):
        if raw["context"] not in _OFFLOAD_CONTEXTS:
            raise ValueError(f"bad built-in offload context {raw['context']!r}")
        cat.offload[raw["name"]] = Offload(
            raw["name"], int(raw.get("arg", 0)), raw.get("keyword"), raw["context"]
        )
    entries = [_validate(raw, f"built-in entry #{i + 1}") for i, raw in enumerate(doc["blocking"])]
    if isinstance(extra, Mapping) or not isinstance(extra, Sequence):
        raise UserError("[tool.unjam] blocking must be a list of tables ([[tool.unjam.blocking]])")
    entries += [
        _validate(raw, f"[tool.unjam] blocking entry #{i + 1}") for i, raw in enumerate(extra)
    ]
    for entry in entries:
        if entry.name.endswith(".*"):
            cat.wildcard[entry.name[:-2]] = entry
        else:
            cat.exact[entry.name] = entry
    cat.types = frozenset(cat.wildcard) | {e.returns for e in entries if e.returns}
    digest = hashlib.blake2b(data, digest_size=16)
    digest.update(repr([sorted(dict(e).items()) for e in extra]).encode())
    cat.digest = digest.hexdigest()
    return cat
