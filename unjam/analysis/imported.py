"""Which modules a project imports by certain names (module-level, star and function-local
imports), as the analyser resolves them: what decides whether a file named as a test is
the program's own module (linker.py `_link_imported_held`)."""

from __future__ import annotations

from unjam.analysis.fixed_loads import fixed, fixed_loads
from unjam.analysis.project import Func, Module, Project
from unjam.analysis.summary import ImportRef


def imported_names(project: Project, mod: Module, stems: frozenset[str]) -> set[str]:
    """The module names `mod`'s imports may load, among imports that mention one of `stems`
    (the last parts of the names asked about: resolving every import of every module would
    cost more): each such import's target and the packages above it (`from app.services
    import test_orders` names it as an attribute of its package)."""
    names: set[str] = set()
    for imp in _imports_mentioning(mod, stems):
        target = project.import_target(mod, imp)
        while target and target not in names:
            names.add(target)
            target = target.rpartition(".")[0]
    return names


# the calls that import a module by a name computed as the program runs
IMPORTS_BY_NAME = (
    *("import_module", "__import__", "iter_modules", "walk_packages", "entry_points"),
    *("spec_from_file_location", "run_path", "load_source", "SourceFileLoader"),
    *("import_string", "import_from_string", "locate", "autodiscover_modules"),
)


def name_loaders(project: Project) -> list[Func]:
    """The functions that import a module by a computed name: a call by one of
    IMPORTS_BY_NAME as written (a package that imports `import_module as _imp` to alias its
    own subpackages, `_imp(f"Backend.app.{name}")`, loads no plug-in), whose arguments are
    not all fixed (`spec_from_file_location("config", os.path.join(os.path.dirname(__file__),
    "config.py"))` loads that one file, no module a name could give)."""
    return [
        f
        for name in IMPORTS_BY_NAME
        for f, site in project.sites_named(name, renamed=False)
        if not (site.args and all(fixed(f.fd, f.mod, arg) for arg in site.args))
    ]


def programs_loading(project: Project, modules: set[str]) -> set[str]:
    """The modules a program that loads one of `modules` may load: whatever a module that
    imports one of them (directly or not; or one of them itself, as the program's entry)
    imports in turn. An app built in `core/app.py` serves the routers its importer
    `main.py` includes."""
    entries = _closure(modules, importers(project))
    return _closure(entries, import_graph(project))


def importers(project: Project) -> dict[str, set[str]]:
    """Each module's name → the project modules that import it (`import_graph` reversed)."""
    found: dict[str, set[str]] = {}
    for name, imported in import_graph(project).items():
        for other in imported:
            found.setdefault(other, set()).add(name)
    return found


def _closure(start: set[str], edges: dict[str, set[str]]) -> set[str]:
    seen = set(start)
    queue = list(start)
    while queue:
        for other in edges.get(queue.pop(), ()):
            if other not in seen:
                seen.add(other)
                queue.append(other)
    return seen


def import_graph(project: Project) -> dict[str, set[str]]:
    """Each module's name → the project modules it imports (`_imported_modules`), built once
    for the readers of a linked project."""
    graph = project.import_graph_cache
    if graph is None:
        graph = {mod.name: _imported_modules(project, mod) for mod in project.unique_modules()}
        project.import_graph_cache = graph
    return graph


def _imported_modules(project: Project, mod: Module) -> set[str]:
    """The project modules `mod` imports, and the packages above each (also those it loads
    by a fixed path or name: `spec_from_file_location("views", …/"views.py")`)."""
    found: set[str] = fixed_loads(project, mod)
    for imp in _imports_mentioning(mod, None):
        target = project.import_target(mod, imp)
        while target:
            other = project.modules.get(target)
            if other is not None:
                found.add(other.name)
            target = target.rpartition(".")[0]
    return found


def may_be_imported(project: Project, target: Module, among: set[str] | None = None) -> bool:
    """Whether an import in another module (of `among`, by name, when given) may load
    `target`, judged by paths, not by the analyser's resolution (which a second `app`
    package elsewhere in the tree may mislead): `from app.api.v1 import attendance` may load
    any `…/app/api/v1/attendance.py`, and a relative import the one its folder names."""
    index = _import_index(project)
    key = target.path.removesuffix(".py").removesuffix("/__init__")
    for mod in index.loaders.get(target.name, ()):
        if mod.path != target.path and (among is None or mod.name in among):
            return True
    for mod, imp in index.naming.get(key.rpartition("/")[2], ()):
        if mod.path == target.path or (among is not None and mod.name not in among):
            continue
        folder = mod.path.rpartition("/")[0]
        module = [p for p in (imp.module or "").split(".") if p]
        # (`from api.routes import router`: the name may be the module's or a module)
        for parts in (module, [*module, imp.name]) if imp.name else (module,):
            if imp.level:
                up = folder.split("/") if folder else []
                up = up[: len(up) - (imp.level - 1)] if imp.level > 1 else up
                if "/".join([*up, *parts]) == key:
                    return True
            elif parts and (key == "/".join(parts) or key.endswith("/" + "/".join(parts))):
                return True
    return False


class ImportIndex:
    """The project's imports by the last part of what they may name (a path that ends in
    `attendance` can only be loaded by an import whose module or name ends so), and the
    modules each module is loaded by through a fixed path or name: built once, where asking
    every module's imports about every module costs the square of the project's size."""

    def __init__(self, project: Project) -> None:
        self.naming: dict[str, list[tuple[Module, ImportRef]]] = {}
        self.loaders: dict[str, list[Module]] = {}
        for mod in project.unique_modules():
            for name in fixed_loads(project, mod):
                self.loaders.setdefault(name, []).append(mod)
            for imp in _imports_mentioning(mod, None):
                last = (imp.module or "").rstrip(".").rpartition(".")[2]
                for part in {last, imp.name or ""} - {""}:
                    self.naming.setdefault(part, []).append((mod, imp))


def _import_index(project: Project) -> ImportIndex:
    index = project.import_index_cache
    if not isinstance(index, ImportIndex):
        index = project.import_index_cache = ImportIndex(project)
    return index


def _imports_mentioning(mod: Module, stems: frozenset[str] | None) -> list[ImportRef]:
    """`mod`'s imports (module-level, star and function-local) that mention one of `stems`
    (None: all of them)."""
    found: list[ImportRef] = []
    summary = mod.summary
    for imp in (*summary.imports.values(), *summary.star_imports):
        if _mentions(imp.module, imp.name, stems):
            found.append(imp)
    for fd in summary.funcs.values():
        for values in fd.locals.values():
            for value in values:  # `def f(): from .x import y`
                if value[0] == "imp" and _mentions(value[2], value[3], stems):
                    found.append(ImportRef(value[1], value[2], value[3]))
    return found


def _mentions(module: str, name: str | None, stems: frozenset[str] | None) -> bool:
    """A cheap sieve (a substring may match more than a whole part: resolved, then judged)."""
    return stems is None or name in stems or any(stem in module for stem in stems)


def modules_reached(project: Project, start: Module) -> set[str]:
    """The names of the project modules `start` imports, and they in turn (module-level,
    star and function-local imports, and the packages above each): the program an app's
    module loads."""
    return _closure({start.name}, import_graph(project))
