"""Whether a project class or module surely has no attribute of a name, so that reading it
raises AttributeError: `PipelineConfig.from_env()` in a lifespan (failing_startups.py),
`EventType.USER_LOGIN` in a call's arguments, evaluated before the call (callgraph_resolve.py:
the called function never runs from there), or `models.User` where `models` is a package
whose `__init__.py` binds no `User` (never_runs.py).

Only a class whose bases are the project's own, or an Enum (with `str`/`int` mixed in), none
of which defines the name, that has no `__getattr__`, no class decorator but `@dataclass`,
and no attribute of that name set from outside (`Config.from_env = …`, `setattr(Config, …)`).
"""

from __future__ import annotations

import enum
import re
import symtable
from collections.abc import Iterator
from pathlib import Path

from unjam.analysis.discovery import is_test_path
from unjam.analysis.instance_fields import is_dataclass_decorator
from unjam.analysis.project import Func, Module, Project
from unjam.analysis.summary import CallSite, attributes_read, last_name

# what lets a module gain attributes its text does not bind
_OPEN_MODULE = re.compile(
    r"(?<![.\w])(?:globals|vars|exec)\(|__getattr__|import \*|sys\.modules|__dict__"
)
_MAX_MODULE_BYTES = 256_000
# library bases whose attributes are known here: an Enum's members are its class body's names
_KNOWN_BASES = {
    "enum.Enum": dir(enum.Enum),
    "enum.IntEnum": dir(enum.IntEnum),
    "enum.StrEnum": dir(str) + dir(enum.Enum),
    "builtins.str": dir(str),
    "builtins.int": dir(int),
    "builtins.object": dir(object),
}


def lacks(project: Project, class_gqn: str, name: str) -> bool:
    """Whether the project class surely has no attribute `name`."""
    if name.startswith("__"):
        return False
    classes, outside = project.mro(class_gqn)
    if any(base not in _KNOWN_BASES or name in _KNOWN_BASES[base] for base in outside):
        return False
    for gqn in classes:
        cls = project.classes.get(gqn)
        if cls is None or not _bases_known(project, cls):
            return False
        cd = cls.cd
        if name in cd.methods or name in cd.attrs or "__getattr__" in cd.methods:
            return False
        if not all(is_dataclass_decorator(ref) for ref, _line, _col in cd.decorators):
            return False
    return not _set_from_outside(project, project.classes[class_gqn].cd.name, name)


def instance_lacks(project: Project, class_gqn: str, name: str) -> bool:
    """Whether an object of the project class surely has no attribute `name`: the class
    lacks it (`lacks`, no class decorator at all: a dataclass's fields are its objects'),
    no method of it or its bases sets `self.<name>` or sets attributes by name
    (`setattr(self, k, v)`, `self.__dict__`), and no code stores `<anything>.<name>`."""
    return _class_lacks_for_objects(project, class_gqn, name) and (
        name not in project.stored_attributes()
    )


def _class_lacks_for_objects(project: Project, class_gqn: str, name: str) -> bool:
    """`instance_lacks` but for the stores of `<anything>.<name>` outside the class."""
    if not lacks(project, class_gqn, name):
        return False
    for gqn in project.mro(class_gqn)[0]:
        cls = project.classes[gqn]
        if cls.cd.decorators:
            return False
        for method in cls.cd.methods.values():
            func = project.funcs.get(f"{cls.mod.name}.{method}")
            if func is None or _sets_attributes(func, name):
                return False
    return True


# attributes a library's objects surely lack that code reaches for by a common slip: a
# session's `func` (`db.func.now()` for `sqlalchemy.func.now()`): AttributeError
_LACKING = {
    "sqlalchemy.orm.Session": frozenset({"func"}),
    # (AsyncSession has no legacy `query()` either: `db.query(Model)` raises AttributeError)
    "sqlalchemy.ext.asyncio.AsyncSession": frozenset({"func", "query"}),
}


def held_object_lacks(project: Project, func: Func, name: str, attr: str) -> bool:
    """Whether `name`, a local of `func` or a global it declares, only ever holds objects of
    project classes that lack `attr` (or None, whose attributes are no more there):

        mgr = AuthManager(factory)
        await mgr.ensure_default_admin()  # AuthManager defines no ensure_default_admin

    Each value must be a call of such a class, on bases of the project's own (an Enum's
    call gives one of its members); a global's, every value the module gives it
    (`auth: AuthManager | None = None`), and nothing may set it from outside the module. The
    caller's reading of the function's source confirms that nothing else binds a local. A
    method's own object lacks it where its class and every project class deriving from it
    do (`own_instance_lacks`). A parameter lacks it where its annotation names a library type that surely does
    (`db: Session` and `db.func.now()`: `_LACKING`)."""
    fd = func.fd
    held = name in fd.globals_declared
    if held:
        values = [value for _scope, value in func.mod.summary.global_values.get(name, ())]
    elif _own_instance(func, name):
        return own_instance_lacks(project, func.class_gqn, attr)  # type: ignore[arg-type]
    elif any(param.name == name for param in fd.params):
        value = project.value_of(func, ("name", name))
        return value is not None and value[0] == "inst" and attr in _LACKING.get(value[1], ())
    else:
        values = list(fd.locals.get(name, ()))
    made = [value for value in values if value != ("const", None)]
    for value in made:
        cls = project.value_of(func, value[1]) if value[0] == "call" else None
        if cls is None or cls[0] != "class" or not instance_lacks(project, cls[1], attr):
            return False
        if set(project.mro(cls[1])[1]) - {"builtins.object"}:
            return False  # (`Status(raw)` of an Enum gives a member, with its `value`)
    return bool(made) and not (held and name in project.stored_attributes())


def _own_instance(func: Func, name: str) -> bool:
    """Whether `name` is the object a method runs on: its first parameter, named `self` and
    not annotated as another type (a `def load(config: Path)` called through the class
    takes a path), of a method that is no staticmethod or classmethod."""
    fd = func.fd
    if func.class_gqn is None or not fd.params or name != "self":
        return False
    first = fd.params[0]
    return (
        first.name == name
        and first.kind == "pos"
        and first.annotation is None
        and not any(ref in _NOT_BOUND for ref, _line, _col in fd.decorators)
    )


_NOT_BOUND = (("name", "staticmethod"), ("name", "classmethod"))


def own_instance_lacks(project: Project, class_gqn: str, attr: str) -> bool:
    """Whether a method's own object surely has no attribute `attr`: neither an object of its
    class (`instance_lacks`) nor of any project class deriving from it, which the method may
    run on too (`async with self.db_session()` in a service that never sets one)."""
    if not _class_lacks_for_objects(project, class_gqn, attr):
        return False  # (the common case, told before the classes deriving from it are sought)
    family = [gqn for gqn in project.classes if class_gqn in project.mro(gqn)[0]]
    if not all(_class_lacks_for_objects(project, gqn, attr) for gqn in family):
        return False
    related = set(family) | set(project.mro(class_gqn)[0])
    stores = project.stored_attributes().get(attr, ())
    return not any(_may_store_on(project, func, base, related) for func, base in stores)


def _may_store_on(project: Project, func: Func, base: tuple, related: set[str]) -> bool:
    """Whether the store `<base>.<attr> = …` in `func` may set it on an object of one of the
    `related` classes: not where `base` is the own object of a method of another class
    (`self.db_session = …` in an unrelated service), nor an object of a known other type
    (`request.state.db_session = …`), nor in test code (`mock_request.state.x = …`)."""
    if is_test_path(func.mod.path):
        return False
    if _own_instance(func, base[1] if base[0] == "name" else ""):
        return func.class_gqn in related
    value = project.value_of(func, base)
    if value is None or value[0] not in ("inst", "obj"):
        return True
    return value[1] in related


def _sets_attributes(func: Func, name: str) -> bool:
    """Whether the method sets `self.<name>`, or attributes whose names it computes on what
    may be its object (not `setattr(user, field, value)` of a row it loaded)."""
    fd = func.fd
    if any(attr == name for _base, attr, _v in fd.attr_stores):
        return True
    own = fd.params[0].name if fd.params else "self"
    return any(
        (last_name(call.func) == "setattr" and _may_be(call, own))
        or "__dict__" in attributes_read(call.func)
        for call in fd.calls
    )


def _may_be(call: CallSite, own: str) -> bool:
    """Whether the first argument of `call` may be the method's own object `own`: any but
    a plain name of something else (`setattr(row, field, value)`)."""
    first = call.args[0] if call.args else None
    return not (first and first[0] == "name" and first[1] not in (own, "self", "cls"))


def module_lacks(project: Project, root: Path, mod: Module, name: str) -> bool:
    """Whether the project module surely has no attribute `name`: by its summary, its own
    text (no binding `symtable` sees, nothing that makes names up) and its folder (no file
    or folder of that name beside a package's `__init__.py`)."""
    if not _summary_lacks(project, mod, name):
        return False
    path = root / mod.path
    try:
        if path.stat().st_size > _MAX_MODULE_BYTES:
            return False
        source = path.read_text(encoding="utf-8")
        if _OPEN_MODULE.search(source):
            return False
        table = symtable.symtable(source, str(path), "exec")
        if name in table.get_identifiers():
            return False
        if path.name != "__init__.py":
            return True
        return not any(entry.name.partition(".")[0] == name for entry in path.parent.iterdir())
    except (OSError, ValueError, SyntaxError, RecursionError):
        return False


def _summary_lacks(project: Project, mod: Module, name: str) -> bool:
    """Whether, by its summary, the module binds no `name` at its top level (no star import,
    no module `__getattr__`), no project module is its submodule of that name (importing
    `pkg.name` anywhere sets it), and nothing sets it from outside (`models.User = …`,
    `setattr(models, …)`)."""
    summary = mod.summary
    if name.startswith("__") or _binds_at_top(mod, name) or "__getattr__" in summary.funcs:
        return False
    if name in summary.global_annotations or f"{mod.name}.{name}" in project.modules:
        return False
    if any(base[0] == "name" for _func, base in project.stored_attributes().get(name, ())):
        return False
    return not any(
        site.args and site.args[0][0] == "name" and site.args[0][1] in func.mod.summary.imports
        for func, site in project.sites_named("setattr")
    )


def imported_modules(project: Project, mod: Module) -> dict[str, Module]:
    """The names `mod`'s imports surely bind to project modules: by a relative import, or
    an absolute one naming the module in its package as it is (`from app import models`;
    not `import redis`, which a folder run as a script would take for its own `redis.py`:
    the library, where the app runs from its root), and not to a name a package binds
    (`from app import models` takes `app`'s own `models` when it has one)."""
    found = {}
    summary = mod.summary
    for name, imp in summary.imports.items():
        if name in summary.global_values:
            continue
        dotted = project.import_target(mod, imp)
        written = f"{imp.module}.{imp.name}" if imp.name else imp.module
        if imp.level == 0 and "." not in written:
            continue
        if imp.level == 0 and dotted != written and not own_copy(project, mod, dotted, written):
            continue
        target = project.modules.get(dotted)
        parent = project.modules.get(dotted.rpartition(".")[0]) if imp.name else None
        if target is None or (parent and _binds_at_top(parent, imp.name or "")):
            continue
        if imp.level == 0 and not _on_the_way_to(mod, target, dotted):
            continue
        found[name] = target
    return found


def _on_the_way_to(importer: Module, target: Module, dotted: str) -> bool:
    """Whether the folder `target` is found from under the name `dotted` holds the importer:
    fast/app/main.py's `from config import settings` may mean its own config.py, not the
    package of a Django project beside it, django/config/, found from django/."""
    depth = dotted.count(".") + 1 + target.summary.is_package
    base = "/".join(target.path.split("/")[:-depth])
    return not base or importer.path.startswith(f"{base}/")


def own_copy(project: Project, mod: Module, dotted: str, written: str) -> bool:
    """Whether the module `dotted` (a stand-in's name: another service's copy took `written`)
    is the file `written` names from the folder the importer's own package sits in
    (`from app.database import db` in one of several services' app/main.py)."""
    target = project.modules.get(dotted)
    if target is None:
        return False
    suffix = written.replace(".", "/")
    for tail in (f"{suffix}.py", f"{suffix}/__init__.py"):
        if target.path == tail or target.path.endswith(f"/{tail}"):
            return mod.path.startswith(target.path[: len(target.path) - len(tail)])
    return False


def _binds_at_top(mod: Module, name: str) -> bool:
    summary = mod.summary
    return bool(summary.star_imports) or any(
        name in names
        for names in (summary.imports, summary.global_values, summary.funcs, summary.classes)
    )


def module_attributes(refs: tuple) -> Iterator[tuple[str, str]]:
    """(name, attribute) of each `name.attribute` read in `refs`."""
    stack = list(refs)
    while stack:
        item = stack.pop()
        if type(item) is not tuple or not item:
            continue
        if item[0] == "attr" and len(item) == 3 and item[1][:1] == ("name",):
            base = item[1]
            if len(base) == 2 and isinstance(base[1], str) and isinstance(item[2], str):
                yield base[1], item[2]
        stack.extend(part for part in item if type(part) is tuple)


def _bases_known(project: Project, cls) -> bool:
    """Whether every base of the class is a class unjam knows: not a value a call made
    (`class Job(Base)` of `Base = declarative_base()`, whose attributes — `metadata`,
    `query` — are SQLAlchemy's), which the class's MRO would otherwise leave out."""
    scope = project.class_scope(cls)
    for base in cls.cd.bases:
        if base[0] == "sub":  # `BaseRepo[User]`: the generic class itself
            base = base[1]
        value = project.value_of(scope, base)
        if value is None or value[0] not in ("class", "ext"):
            return False
    return True


def _set_from_outside(project: Project, class_name: str, name: str) -> bool:
    """`Config.from_env = …` or `cls.from_env = …` anywhere, or a `setattr(Config, …)`."""
    holders = (("name", class_name), ("name", "cls"))
    if any(base in holders for _func, base in project.stored_attributes().get(name, ())):
        return True
    return any(
        site.args and site.args[0] == holders[0] for _f, site in project.sites_named("setattr")
    )


def arguments_raise(project: Project, func: Func, site: CallSite) -> bool:
    """Whether evaluating the call's arguments surely raises AttributeError, so the call is
    never made: one reads an attribute a project class lacks (`notify(EventType.USER_LOGIN,
    …)`, also `EventType.USER_LOGIN.value`)."""
    for arg in (*site.args, *(value for _key, value in site.kwargs)):
        while arg[0] == "attr":
            base = arg[1]
            if base[0] == "name":
                owner = project.value_of(func, base)
                if owner is not None and owner[0] == "class" and lacks(project, owner[1], arg[2]):
                    return True
                break
            arg = base
    return False
