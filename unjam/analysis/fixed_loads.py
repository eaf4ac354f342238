"""Loads by a fixed path or name (`spec_from_file_location("views", os.path.join(
os.path.dirname(__file__), "views.py"))`, `importlib.import_module("app.config")`): the
program imports that one module, as an import statement would — no loader by computed name,
which could import any module (imported.py `name_loaders`)."""

from __future__ import annotations

import posixpath

from unjam.analysis.project import Module, Project
from unjam.analysis.summary import FuncDef, last_name

# what builds a path from fixed parts: `os.path.join(os.path.dirname(__file__), "x.py")`,
# `Path(__file__).parent / "x.py"`
_PATH_CALLS = frozenset({"join", "dirname", "abspath", "realpath", "Path", "resolve"})
_BY_NAME = frozenset({"import_module", "__import__"})
_BY_PATH = frozenset({"spec_from_file_location", "run_path", "load_source", "SourceFileLoader"})


def fixed(fd: FuncDef, mod: Module, ref: tuple, depth: int = 2) -> bool:
    """Whether the ref is a constant string, `__file__`, or a path built of those alone
    (also through a local assigned once: `path = os.path.join(…)`)."""
    tag = ref[0]
    if tag == "const":
        return type(ref[1]) is str
    if tag == "name":
        values = _assigned(fd, mod, ref[1]) if depth else []
        return ref[1] == "__file__" or (len(values) == 1 and fixed(fd, mod, values[0], depth - 1))
    if tag == "attr":
        return ref[2] == "parent" and fixed(fd, mod, ref[1], depth)
    if tag == "binop":
        return ref[1] == "Div" and fixed(fd, mod, ref[2], depth) and fixed(fd, mod, ref[3], depth)
    if tag == "call":
        name = last_name(ref[1])
        return (
            name in _PATH_CALLS
            and all(fixed(fd, mod, arg, depth) for arg in ref[2])
            and (name != "resolve" or fixed(fd, mod, ref[1][1], depth))
        )
    return False


def fixed_loads(project: Project, mod: Module) -> set[str]:
    """The project modules `mod` loads by a fixed path or name (remembered per module)."""
    known = project.fixed_loads_cache.get(mod.name)
    if known is None:
        known = project.fixed_loads_cache[mod.name] = _loads(project, mod)
    return known


def _loads(project: Project, mod: Module) -> set[str]:
    found: set[str] = set()
    for fd in mod.summary.funcs.values():
        for site in fd.calls:
            name = last_name(site.func)
            if name in _BY_NAME and site.args[:1] and site.args[0][0] == "const":
                target = project.modules.get(str(site.args[0][1]))
            elif name in _BY_PATH and site.args and fixed(fd, mod, site.args[-1]):
                path = _path(fd, mod, site.args[-1], 2)
                primary = project.primary.get(path) if path else None
                target = project.modules.get(primary) if primary else None
            else:
                continue
            if target is not None:
                found.add(target.name)
    return found


def _path(fd: FuncDef, mod: Module, ref: tuple, depth: int) -> str | None:
    """The path (relative to the analysed root) a fixed ref builds from `__file__`."""
    tag = ref[0]
    if tag == "name":
        if ref[1] == "__file__":
            return mod.path
        values = _assigned(fd, mod, ref[1])
        return _path(fd, mod, values[0], depth - 1) if len(values) == 1 and depth else None
    if tag == "attr":  # `.parent`
        inner = _path(fd, mod, ref[1], depth)
        return None if inner is None else posixpath.dirname(inner)
    if tag == "binop":
        return _joined(_path(fd, mod, ref[2], depth), ref[3])
    if tag == "call":
        name, args = last_name(ref[1]), ref[2]
        if name == "dirname" and len(args) == 1:
            inner = _path(fd, mod, args[0], depth)
            return None if inner is None else posixpath.dirname(inner)
        if name == "join" and args:
            path = _path(fd, mod, args[0], depth)
            for part in args[1:]:
                path = _joined(path, part)
            return path
        if name == "resolve":
            return _path(fd, mod, ref[1][1], depth)
        if name in _PATH_CALLS and len(args) == 1:
            return _path(fd, mod, args[0], depth)
    return None


def _joined(path: str | None, part: tuple) -> str | None:
    if path is None or part[0] != "const" or type(part[1]) is not str:
        return None
    return posixpath.normpath(posixpath.join(path, part[1]))


def _assigned(fd: FuncDef, mod: Module, name: str) -> list:
    """What a name of `fd` is assigned: its locals, or the module body's own globals."""
    if fd.qn != "<module>":
        return fd.locals.get(name, [])
    return [value for scope, value in mod.summary.global_values.get(name, ()) if scope == fd.qn]
