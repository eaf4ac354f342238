"""Routers a program includes by module name: `module = importlib.import_module(path)` then
`app.include_router(module.router)` (or a `getattr(module, "router")`), for each `path` of
a list of dotted names the program keeps (`ROUTERS = ["routers.auth", ...]`).

Such an include names no router unjam can follow; taken alone, it would make every router
count as served. When the project's own strings name some of its modules, the loader reads
its names from them: a router module that no include links to an app is served only when a
string names it (childrens-homes-assistant-backend lists ~150 router modules and keeps others
it no longer mounts). When no string names a module, the names come from elsewhere (a
directory listing), and every router stays served.
"""

from __future__ import annotations

from unjam.analysis.project import Func, Project

_IMPORTERS = frozenset(
    {
        ("name", "import_module"),
        ("attr", ("name", "importlib"), "import_module"),
        ("name", "__import__"),
    }
)


def imported_by_name(func: Func, ref: tuple) -> bool:
    """Whether the router `ref` that `func` includes is an attribute of a module it imports
    by a name a variable (or an item of one: `spec["module"]`) holds or a constant gives
    (a name built in the import call itself, `import_module(f"routers.{x}")`, is no such
    include: every router stays served)."""
    module = _module_of(func, ref)
    if module is None:
        return False
    values = _values(func, module[1]) if module[0] == "name" else [module]
    return bool(values) and all(_imports_by_name(value) for value in values)


def loaded_by_name(project: Project, func: Func, ref: tuple) -> bool:
    """Whether the router `ref` that `func` includes comes from a project helper that
    imports modules by name: a loop variable over a generator that yields their routers, or
    a name bound to what a helper returns —

        for name, prefix, router in iter_registered_routers():  # yields getattr(module, attr)
            app.include_router(router, prefix=prefix)
        health = try_import_router("routes.health")  # returns getattr(module, "router")
    """
    if ref[0] != "name" or _bound_otherwise(func, ref[1]):
        return False
    values = _values(func, ref[1])
    if values and all(value != ("?",) for value in values):
        return all(_returns_by_name(project, func, value) for value in values)
    found = False
    for iterated in func.fd.iterated:
        helper = _helper(project, func, iterated)
        if helper is None or not helper.fd.yield_values:
            continue
        for value in helper.fd.yield_values:
            items = value[1] if value[0] in ("list", "tuple") else (value,)
            if not any(imported_by_name(helper, item) for item in items):
                return False
        found = True
    return found


def _returns_by_name(project: Project, func: Func, value: tuple) -> bool:
    helper = _helper(project, func, value)
    if helper is None:
        return False
    returned = [v for v in helper.fd.return_values if v != ("const", None)]
    return bool(returned) and all(imported_by_name(helper, v) for v in returned)


def _helper(project: Project, func: Func, value: tuple) -> Func | None:
    """The project function `value` calls, if it is one."""
    callee = project.callee(func, value[1]) if value[0] == "call" else None
    return project.funcs.get(callee[1]) if callee and callee[0] == "func" else None


def _bound_otherwise(func: Func, name: str) -> bool:
    """Whether a module-level `name` is an import's, a definition's (no value recorded)."""
    summary = func.mod.summary
    return func.fd.qn == "<module>" and any(
        name in names for names in (summary.imports, summary.funcs, summary.classes)
    )


def _values(func: Func, name: str) -> list[tuple]:
    """What `name` is bound to in `func` (in a module's body: at its top level)."""
    if func.fd.qn != "<module>":
        return func.fd.locals.get(name, [])
    assigned = func.mod.summary.global_values.get(name, [])
    return [ref for scope, ref in assigned if scope == "<module>"]


def _module_of(func: Func, ref: tuple) -> tuple | None:
    """The module `ref` is read from: `mod` of `mod.router`, of `getattr(mod, ...)`, or of
    a local bound to either."""
    if ref[0] in ("attr", "call"):
        return _getattr_base(ref)
    if ref[0] != "name":
        return None
    bases = [_getattr_base(value) for value in _values(func, ref[1])]
    if not bases or any(base is None for base in bases) or len(set(bases)) != 1:
        return None
    return bases[0]


def _getattr_base(value: tuple) -> tuple | None:
    if value[0] == "attr":
        return value[1]
    if value[0] == "call" and value[1] == ("name", "getattr") and value[2]:
        return value[2][0]
    return None


def _imports_by_name(value: tuple) -> bool:
    return (
        value[0] == "call"
        and value[1] in _IMPORTERS
        and bool(value[2])
        and value[2][0][0] in ("name", "const", "sub")  # (`spec["module"]`)
    )


def named_module_paths(project: Project) -> frozenset[str]:
    """The paths of the project's modules whose dotted name a string of the program holds:
    a module-level value, or a value a function binds, iterates, returns or passes."""
    strings: set[str] = set()
    for mod in project.unique_modules():
        for assigned in mod.summary.global_values.values():
            for _scope, ref in assigned:
                _collect_strings(ref, strings)
    for func in project.funcs.values():
        fd = func.fd
        for refs in fd.locals.values():
            for ref in refs:
                _collect_strings(ref, strings)
        for ref in (*fd.iterated, *fd.return_values):
            _collect_strings(ref, strings)
        for site in fd.calls:
            for ref in (*site.args, *(value for _name, value in site.kwargs)):
                _collect_strings(ref, strings)
    modules = project.modules
    return frozenset(modules[name].path for name in strings if name in modules)


def _collect_strings(ref: tuple, into: set[str]) -> None:
    stack = [ref]
    while stack:
        item = stack.pop()
        if len(item) == 2 and item[0] == "const":
            if type(item[1]) is str and "." in item[1]:
                into.add(item[1])
            continue
        stack.extend(part for part in item if type(part) is tuple)
