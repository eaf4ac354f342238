"""Imports that fail as the importing module runs, so that an app importing that module as it
starts never starts (unstartable.py says which apps): `from app.settings import Meta` when
app/settings.py binds no `Meta` (ImportError); `from app.models.audit import Log` when no
app/models/audit.py is on disk (ModuleNotFoundError); `from pydantic import BaseSettings`
where the project declares pydantic 2 (PydanticImportError).

The summaries find the candidates with no file read: an import from a project module whose
summary binds no such name, or of a project package's module missing from disk. Only the few
candidates are then read with `ast`, which sees every way a module binds a name (a `for`
target, `with … as`, a walrus), and every way it may make one up as it runs (`__getattr__`,
`globals()`, a star import), in which case the import is given the benefit of the doubt. An
absolute import is judged only when it names the module by its place on `sys.path` (the
analysed root, `src/`, or the importer's own package root: import_paths.py), and not by a
name the standard library or a library the catalogue knows takes (a project's
`shared/fastapi/` package does not make `from fastapi import Request` fail).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from unjam.analysis.added_paths import AddedPaths
from unjam.analysis.declared_versions import (
    app_folders,
    declared_major,
    declared_requirement,
    dependency_files,
    disagree,
    files_mention,
    names_any,
)
from unjam.analysis.import_paths import (
    binds,
    children_of,
    holding_folders,
    missing_module,
    module_at,
    project_names,
    regular_package,
    relative_folder,
    shadowed_on_the_way,
    submodule_file,
    sys_path_folders,
)
from unjam.analysis.imported import importers
from unjam.analysis.project import Module, Project
from unjam.analysis.resolution import OUTSIDE_NAMES
from unjam.analysis.roots import PROJECT_MARKERS
from unjam.analysis.summary import ImportRef
from unjam.analysis.top_level_imports import Trees, binds_somehow, top_level_import


@dataclass(frozen=True)
class MissingName:
    importer: Module  # the module whose import fails
    line: int  # of the import statement, at the importer's top level
    source: Module | None  # the module that lacks the name; None when the module is missing
    name: str  # the name it lacks, or the dotted name of the missing module
    expected: str = ""  # for a missing module: the file it would be (relative)
    # for a name pydantic 2 removed: the file that declares pydantic 2 (`poetry.lock: 2.7.0`)
    declared: str = ""
    # for a missing module: `from api import courses` finds `api` and fails on the name
    # (ImportError); `import api.courses`, `from api.courses import x` on the module
    error: str = "ModuleNotFoundError"
    # the module is on disk, in a folder a module beside it shadows (`expected` is that
    # module's file: `app/utils.py` beside `app/utils/`)
    shadowed: bool = False


def missing_names(project: Project, root: Path) -> list[MissingName]:
    """Top-level, unconditional imports in the project of a name its module does not bind,
    or of a module of a project package that is not on disk, or of a name pydantic 1 had
    where the project declares pydantic 2."""
    trees = Trees(root)
    found: list[MissingName] = []
    declared = ""
    scan = _Scan(project, root)
    for importer, imp, source, missing in scan.trusted(scan.candidates()):
        name, said = imp.name or "", ""
        if missing[0] == _ABSENT:
            name = imp.module.partition(".")[0]
            requirements = {name, name.replace("_", "-")}
            if any(declared_requirement(root, r) for r in requirements) or (root / name).exists():
                continue
            missing = (name, f"{name}/")
        elif missing[0] == _PYDANTIC and missing[1] == NEVER_IN_PYDANTIC:
            said = NEVER_IN_PYDANTIC  # (in no version: whatever the project installs)
        elif missing[0] == _PYDANTIC:
            declared = declared or pydantic_2(root, importer, project.primary)
            if declared == "-":
                continue
            said = declared
        elif source is not None:
            if name in _MODULE_ATTRIBUTES or binds_somehow(trees.of(source), name):
                continue  # (`from src.billing import __dict__ as ns`: every module has it)
            if source.summary.is_package and submodule_file(root, source, name):
                continue
            if not imp.level and _a_library_of_its_name(root, importer, source):
                continue
        else:
            name = missing[0]
            if (
                _placed_by_the_build(root, importer, name)
                or _a_sub_project(root, importer, name)
                or _extended_package(root, missing[1])
                or _a_namespace_portion(root, importer, name, missing[1])
            ):
                continue
        line = top_level_import(trees.of(importer), imp)
        if line:
            error = _error(imp, name) if source is None else ""
            shadowed = len(missing) > 2 and missing[2] == "shadowed"
            found.append(
                MissingName(importer, line, source, name, missing[1], said, error, shadowed)
            )
    return found


# what every module object has, bound by no statement of its own
_MODULE_ATTRIBUTES = frozenset(
    {"__dict__", "__name__", "__doc__", "__file__", "__spec__", "__loader__", "__package__"}
    | {"__path__", "__builtins__", "__cached__"}
)


def _placed_by_the_build(root: Path, importer: Module, dotted: str) -> bool:
    """Whether a Dockerfile or compose file beside the importer or above it names the missing
    module's path (`COPY ./models ./app/models`, a volume `./models:/srv/app/models`): the
    image holds what the repository keeps elsewhere, and the import succeeds there."""
    parts = importer.path.split("/")[:-1]
    bases = ["/".join(parts[:n]) for n in range(len(parts), -1, -1)]
    wanted = dotted.replace(".", "/")
    return files_mention(root, bases, _BUILD_FILES, [wanted, f"{wanted}.py"], whole=True)


_BUILD_FILES = ("Dockerfile*", "*.dockerfile", "docker-compose*", "compose*.y*ml")


def _a_sub_project(root: Path, importer: Module, dotted: str) -> bool:
    """Whether the missing module's top name is a folder beside the importer or above it
    that is a project of its own (a `pyproject.toml`, `setup.py` or `setup.cfg`) holding a
    package of that name (`shared/shared/`, `shared/src/shared/`): installed (`pip install
    -e /shared`), that package is what the import finds, not the folder around it."""
    first = dotted.partition(".")[0]
    parts = importer.path.split("/")[:-1]
    for base in ("/".join(parts[:n]) for n in range(len(parts), -1, -1)):
        folder = root / base / first
        if any((folder / marker).is_file() for marker in PROJECT_MARKERS) and (
            (folder / first).is_dir() or (folder / "src" / first).is_dir()
        ):
            return True
    return False


def _extended_package(root: Path, expected: str) -> bool:
    """Whether a package the missing module would sit in extends its `__path__` as it runs
    (`__path__ = extend_path(__path__, __name__)`, `declare_namespace`, `__path__.append`)
    or puts another module in its place (`sys.modules[__name__] = agenta_client`): its
    modules may then come from another distribution installed beside it (a server's
    `polar/` merged with the `polar-sdk` its pyproject requires), not only from this folder."""
    parts = expected.split("/")[:-1]
    for n in range(len(parts), 0, -1):
        init = root.joinpath(*parts[:n], "__init__.py")
        try:
            text = init.read_text(encoding="utf-8", errors="replace") if init.is_file() else ""
        except OSError:
            continue
        if _EXTENDS_PATH.search(text):
            return True
    return False


def _a_namespace_portion(root: Path, importer: Module, dotted: str, expected: str) -> bool:
    """Whether the missing module is what another distribution installs into a namespace
    package (a folder with no `__init__.py`) the project's own modules share: `titiler.xarray`,
    from the `titiler-xarray` its pyproject.toml requires, beside the project's own
    titiler/cmr/ (a dependency file at the root, or beside the importer or above it, names
    `titiler-xarray`, `titiler.xarray` or `titiler_xarray`)."""
    folder = expected.rpartition("/")[0]
    if not folder or root.joinpath(folder, "__init__.py").exists():
        return False
    parts = dotted.split(".")
    for n in range(2, len(parts) + 1):
        wanted = ("-".join(parts[:n]), ".".join(parts[:n]), "_".join(parts[:n]))
        if _declared_near(root, importer, wanted) or any(
            declared_requirement(root, name) for name in wanted
        ):
            return True
    return False


_EXTENDS_PATH = re.compile(
    r"\bextend_path\(|\bdeclare_namespace\(|^\s*__path__\s*(?:\+?=(?!=)|\.(?:append|extend|insert)\()"
    r"|\bsys\.modules\[__name__\]\s*=(?!=)",
    re.MULTILINE,
)


def _own_package_folder(importer: Module, first: str) -> str | None:
    """The folder above the innermost folder named `first` that holds the importer, if any:
    `from app.api import x` in backend/app/app/main.py may run with backend/app/ on
    `sys.path` (`COPY ./app /app`, `uvicorn app.main:app`), as resolution's `own_module`
    takes it. Only a place an import may succeed from, never one that makes it fail."""
    folders = _own_package_folders(importer, first)
    return folders[0] if folders else None


def _own_package_folders(importer: Module, first: str) -> list[str]:
    """The folders above each folder named `first` that holds the importer, innermost first
    (`_own_package_folder` for each)."""
    parts = importer.path.split("/")[:-1]
    return [
        "/".join(parts[:n]) + "/" * bool(n)
        for n in range(len(parts) - 1, -1, -1)
        if parts[n] == first
    ]


def _a_library_of_its_name(root: Path, importer: Module, source: Module) -> bool:
    """Whether `from github import Github` in the project's own `github/` package (an app's
    module wrapping the library it is named after) means the library: a dependency file
    beside the importer or above it declares it (`github`, `pygithub`, `python-github`)."""
    package = source.path.rpartition("/")[0]
    if not source.summary.is_package or not importer.path.startswith(f"{package}/"):
        return False
    name = package.rpartition("/")[2]
    return _declared_near(root, importer, (name, f"py{name}", f"python-{name}"))


def _declared_near(root: Path, importer: Module, wanted: tuple[str, ...]) -> bool:
    """Whether a dependency file beside the importer or in a folder above it names one of
    `wanted` as a requirement."""
    folders = app_folders([importer.path])
    return any(names_any(path, wanted) for path in dependency_files(root, folders))


def _beside(importer: Module, module: str) -> str:
    """The file `module` would be beside the importer (a script's folder is on `sys.path`)."""
    folder = importer.path.rpartition("/")[0]
    return f"{folder}/" * bool(folder) + module.replace(".", "/") + ".py"


def _itself(source: Module | None, importer: Module) -> bool:
    return source is not None and source.path == importer.path


def _error(imp: ImportRef, missing: str) -> str:
    """What Python raises for a missing module: ImportError when the import found its
    package and lacks the name in it (`from api import cources`), else ModuleNotFoundError."""
    parent, _, last = missing.rpartition(".")
    found_package = bool(imp.name) and last == imp.name and parent == imp.module
    return "ImportError" if found_package else "ModuleNotFoundError"


class _Scan:
    """The candidates, from the summaries: each import, resolved from the folder its kind
    starts from, with what each module binds and what is on disk remembered."""

    def __init__(self, project: Project, root: Path):
        self.project, self.root = project, root
        self.primary = project.primary
        self.children = children_of(self.primary)
        self.names = project_names(self.children)
        self.tops: dict[str, str] = {}  # dotted module → its first name, "" if not the project's
        self.holding: dict[tuple[str, str], list[str]] = {}  # (first, folders) → the folders
        self.sources: dict[tuple[str, str], Module | None] = {}  # (dotted, folder) → …
        self.absent: dict[tuple[str, str], tuple[str, str] | None] = {}
        self.namespace_found: set[str] = set()  # namespace folders an import found a module in
        self.everywhere: set[str] | None = None  # see _absent_package
        self.imported: set[str] = set()  # see _index_imports
        self.indexed = False
        self.through: dict[tuple[str, str], bool] = {}  # see _imported_through
        self.inside: set[str] = set()  # see _index_imports
        self.folders: set[str] | None = None  # see _all_folders
        self.importers: dict[str, set[str]] | None = None  # see _importer_folders
        self.importer_folders: dict[str, list[str]] = {}  # module → _importer_folders
        self.distributions: dict[str, list[str]] = {}  # first name → _distributions_holding
        self.added_paths = AddedPaths(root)

    def candidates(self) -> list[tuple]:
        """(importer, import, source module, (what is missing, where)): the module lacking
        the name (the missing module's dotted name and file when None; `pydantic` for a
        name pydantic 2 removed)."""
        found: list[tuple] = []
        verdicts: dict[tuple, tuple | None] = {}  # (module, name, folders) → the verdict
        tops = self.tops
        for mod in self.project.unique_modules():
            folders = ""  # its sys.path folders, worked out once
            for imp in mod.summary.imports.values():
                module, name = imp.module, imp.name
                if imp.level:
                    key = (module, name, relative_folder(mod, imp.level))
                else:
                    top = tops.get(module)
                    if top is None:
                        top = self._top(module)
                    if not top:
                        if module == _PYDANTIC and name in _PYDANTIC_1_ONLY:
                            found.append((mod, imp, None, (_PYDANTIC, "")))
                        elif module == _PYDANTIC and name in _TYPING_ONLY:
                            found.append((mod, imp, None, (_PYDANTIC, NEVER_IN_PYDANTIC)))
                        elif self._absent_package(module):
                            found.append((mod, imp, None, (_ABSENT, "")))
                        continue
                    if not folders:
                        folders = self._sys_path_folders(mod)
                    key = (module, name, folders)
                if key not in verdicts:
                    verdicts[key] = self._verdict(imp, key[2])
                verdict = verdicts[key]
                if verdict is None and not imp.level and self._held_nowhere(module, key[2]):
                    # (`from app.db.models import X` in backend/app/api/v1/images.py, no
                    # `app/` on its `sys.path` folders: judged in the top package it sits in)
                    own = self._top_package_above(mod, module.partition(".")[0])
                    if own is not None:
                        verdict = self._verdict(imp, own)
                    elif self._off_its_path(mod, module):
                        verdict = None, (module, _beside(mod, module))
                    else:
                        verdict = self._missing_above(mod, imp)
                # (`from firebase_admin import auth` in a firebase_admin.py of the app's: the
                # installed package, which the module is named after, not the module itself)
                if verdict is None or _itself(verdict[0], mod):
                    continue
                if not imp.level and self._in_an_own_package(imp, mod, key, verdicts):
                    continue  # found in a package the importer sits in
                if verdict[0] is None and not imp.level and self._found_elsewhere(mod, imp):
                    continue
                found.append((mod, imp, *verdict))
        return found

    def _in_an_own_package(self, imp: ImportRef, mod: Module, key: tuple, verdicts: dict) -> bool:
        """Whether the module an absolute import names is found from the folder above one
        of the folders the importer sits in that bear its first name: the innermost, or an
        outer one (app/features/plan/plan/app/config.py's `from app.core import x` finds
        app/core.py when the outer app/ runs, as it does when it imports that file)."""
        module, name, folders = key
        for own in _own_package_folders(mod, module.partition(".")[0]):
            if own in folders.split("|"):
                continue
            mine = (module, name, own)
            if mine not in verdicts:
                verdicts[mine] = self._verdict(imp, own)
            if verdicts[mine] is None:
                return True
        return False

    def _found_elsewhere(self, mod: Module, imp: ImportRef) -> bool:
        """Whether the module an absolute import names, missing from the importer's own
        `sys.path` folders, is where the app may find it all the same."""
        return (
            self._in_a_package_above(mod, imp)
            or self._on_an_importer_s_path(mod, imp)
            or self._in_a_distribution(imp)
            or self._on_an_added_path(mod, imp)
        )

    def _on_an_added_path(self, mod: Module, imp: ImportRef) -> bool:
        """Whether a folder that has the module is one a launcher or an image of the project
        puts on `sys.path` (added_paths.py): Fooocus-API's main.py appends its checkout of
        Fooocus, repositories/Fooocus/, whose modules/ the routes import."""
        first = imp.module.partition(".")[0]
        return any(
            self._verdict(imp, folder) is None and self.added_paths.added(folder, mod.path)
            for folder in self._folders_holding(first)
        )

    def _folders_holding(self, first: str) -> list[str]:
        """The folders below the root that hold a module, package or folder `first`."""
        return sorted(f for f in self._all_folders() if self._holds(f, first))

    def _in_a_package_above(self, mod: Module, imp: ImportRef) -> bool:
        """Whether a folder above the importer holds a package of the import's first name
        (`api/services/__init__.py` for `from services.thing import x` in
        api/routers/items.py) that has the module: where that folder is on `sys.path` (the
        app run from api/), the package is what Python imports — a package beats a folder
        without `__init__.py` of that name on any `sys.path` entry (PEP 420)."""
        folders = self._package_folders_above(mod, imp.module.partition(".")[0])
        return bool(folders) and self._verdict(imp, folders[0]) is None

    def _missing_above(self, mod: Module, imp: ImportRef) -> tuple | None:
        """The verdict of the nearest folder above the importer holding a package of the
        import's first name, when every such folder lacks the module: the app runs from one
        of them (`from core.database import x` in Api/users/routers.py, with Api/core/ and
        no Api/core/database.py: `cd Api && uvicorn main:app`, whatever stray `__init__.py`
        Api/ holds, fails there). Not a folder inside a package, nor one the project imports
        the package through (`src.app.graphql` for src/app/graphql/), nor a library's name:
        `import graphql` there is the library, also where only a dependency file beside the
        importer or above it declares it (model/pyproject.toml's `mcp`, for
        model/api/mcp/mcp_app.py's `from mcp.server.lowlevel import Server`)."""
        first = imp.module.partition(".")[0]
        if first in OUTSIDE_NAMES or declared_requirement(self.root, first):
            return None
        if _declared_near(self.root, mod, (first, first.replace("_", "-"))):
            return None
        verdicts = [
            self._verdict(imp, folder)
            for folder in self._package_folders_above(mod, first)
            if not _inside_a_package(folder, self.primary)
            and not self._imported_through(folder, first)
        ]
        if not verdicts or any(verdict is None for verdict in verdicts):
            return None
        return verdicts[0]

    def _package_folders_above(self, mod: Module, first: str) -> list[str]:
        """The folders above the importer that hold a package `first`, nearest first."""
        parts = mod.path.split("/")[:-1]
        folders = (
            "".join(f"{part}/" for part in parts[:depth]) for depth in range(len(parts), 0, -1)
        )
        return [folder for folder in folders if f"{folder}{first}/__init__.py" in self.primary]

    def _on_an_importer_s_path(self, mod: Module, imp: ImportRef) -> bool:
        """Whether a module that imports the importer, directly or through others, sits in a
        folder that holds what the import names: gcs-server/app.py, run from its folder,
        imports `functions.svc`, whose `from config import x` finds gcs-server/config.py —
        the folder a program starts in is on `sys.path` for every module it imports."""
        first = imp.module.partition(".")[0]
        return any(
            self._holds(folder, first) and self._verdict(imp, folder) is None
            for folder in self._importer_folders(mod)
        )  # (the name itself, not only its first part, is there)

    def _importer_folders(self, mod: Module) -> list[str]:
        """The folders of the modules that import `mod`, directly or through others, in the
        order a search from `mod` meets them (found once per module: several imports ask)."""
        known = self.importer_folders.get(mod.name)
        if known is not None:
            return known
        if self.importers is None:
            self.importers = importers(self.project)
        folders: dict[str, None] = {}
        seen = {mod.name}
        queue = [mod.name]
        while queue:
            for name in self.importers.get(queue.pop(), ()):
                importer = self.project.modules.get(name)
                if name in seen or importer is None:
                    continue
                seen.add(name)
                queue.append(name)
                folder = importer.path.rpartition("/")[0]
                folders[f"{folder}/" if folder else ""] = None
        known = self.importer_folders[mod.name] = list(folders)
        return known

    def _sys_path_folders(self, mod: Module) -> str:
        """`sys_path_folders`, less those the project imports the importer's top package
        through (`from modules.github.api import router` beside modules/, no `__init__.py`;
        `src.main:app`): that package is imported from above them, and its `from github
        import Github` is PyGithub, not itself."""
        kept = [
            folder
            for folder in sys_path_folders(mod, self.primary).split("|")
            if not folder
            or not mod.path.startswith(folder)
            or not self._imported_through(folder, mod.path[len(folder) :].partition("/")[0])
        ]
        return "|".join(kept)

    def _imported_through(self, folder: str, package: str) -> bool:
        """Whether the project imports `package` through `folder`, from any folder above it
        (`modules.github` for hub/modules/ and github, `src.graphql` for src/ and graphql),
        and never names it as a top package from inside it (`from app.models import User`
        in backend/app/, whatever a seed script's `from backend.app.db import Base` says)."""
        known = self.through.get((folder, package))
        if known is None:
            parts = folder.rstrip("/").split("/")
            imported = self._imported_packages()
            through = any(".".join([*parts[n:], package]) in imported for n in range(len(parts)))
            known = through and not self._named_from_inside(f"{folder}{package}/", package)
            self.through[folder, package] = known
        return known

    def _named_from_inside(self, folder: str, package: str) -> bool:
        """Whether a module in `folder` (which ends in `package/`) imports one of its
        package's modules absolutely, by the package's own name (`from app.core import
        settings` in backend/app/)."""
        self._index_imports()
        return folder in self.inside

    def _imported_packages(self) -> set[str]:
        """Every package or module an absolute import of the project names, two names deep
        and more (`a.b` and `a.b.c` of `from a.b.c import x`)."""
        self._index_imports()
        return self.imported

    def _index_imports(self) -> None:
        """`imported`, and `inside`: each folder `…/P/` some module below imports `P.x` from."""
        if self.indexed:
            return
        self.indexed = True
        for mod in self.project.unique_modules():
            folders = mod.path.split("/")[:-1]
            for imp in mod.summary.imports.values():
                if imp.level or "." not in imp.module:
                    continue
                parts = imp.module.split(".")  # (a package through a folder: two names or more)
                self.imported.update(".".join(parts[:n]) for n in range(2, len(parts) + 1))
                if parts[0] in folders:
                    self.inside.update(
                        "".join(f"{p}/" for p in folders[: n + 1])
                        for n, part in enumerate(folders)
                        if part == parts[0]
                    )

    def _top_package_above(self, mod: Module, first: str) -> str | None:
        """The folder above the importer's innermost enclosing folder named `first`, when
        that folder is a top package (no folder above it holds an `__init__.py`): where the
        app runs from. Not a package nested in another, also through folders without one
        (`app/agents/langgraph/`, whose `import langgraph.graph` is the library's, and
        open_webui/utils/mcp/, whose `from mcp import Client` is too). A folder without
        `__init__.py` is a namespace package there: a module missing from it is trusted once
        the project is seen importing its own modules through it (`trusted`)."""
        own = _own_package_folder(mod, first)
        if own is None or _inside_a_package(f"{own}{first}/", self.primary):
            return None
        return None if own and self._imported_through(own, first) else own

    def _off_its_path(self, mod: Module, module: str) -> bool:
        """Whether `import models` (a name only a project gives its modules) finds nothing:
        the project's `models` sits in none of the importer's `sys.path` folders nor any
        folder above it, where the app may run from (a scratch script in notes/ beside an
        app/models.py), nothing the importer or its build files say puts another folder on
        the path (`sys.path`, `PYTHONPATH`), and no dependency file declares a library of
        that name."""
        first = module.partition(".")[0]
        if first not in _PROJECT_MODULES or first in self.root.parts:
            return False
        parts = mod.path.split("/")[:-1]
        above = ["".join(f"{part}/" for part in parts[:n]) for n in range(len(parts), -1, -1)]
        if any(self._holds(folder, first) for folder in above):
            return False  # (`cd back-end && uvicorn app:app` finds back-end/database.py)
        if declared_requirement(self.root, first) or self._distributions_holding(first):
            return False
        bases = ["/".join(parts[:n]) for n in range(len(parts), -1, -1)]
        if files_mention(self.root, bases, (*_BUILD_FILES, ".env*"), ["PYTHONPATH"]):
            return False
        try:
            text = (self.root / mod.path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return False
        return "sys.path" not in text and "PYTHONPATH" not in text

    def _in_a_distribution(self, imp: ImportRef) -> bool:
        """Whether a project of its own in the repository has the module the import names:
        installed, each puts its folder on `sys.path`, and a namespace package spans them
        all (`stac_fastapi.types` in stac_fastapi/types/, imported from stac_fastapi/api/,
        two distributions of one monorepo sharing `stac_fastapi/`, no `__init__.py`)."""
        first = imp.module.partition(".")[0]
        return any(self._verdict(imp, base) is None for base in self._distributions_holding(first))

    def _distributions_holding(self, first: str) -> list[str]:
        """The folders (a project's own, or its src/) holding a package or namespace folder
        `first`, of the projects in the repository (a pyproject.toml, setup.py or setup.cfg
        beside them): `pip install -e custom/` makes custom/utils/ importable from anywhere."""
        known_bases = self.distributions.get(first)
        if known_bases is not None:
            return known_bases
        bases = {
            "".join(f"{part}/" for part in parts[:depth])
            for parts in (known.split("/") for known in self.children)
            for depth, part in enumerate(parts)
            if part == first
        }
        known_bases = self.distributions[first] = [
            base
            for base in sorted(bases)
            if any(
                (self.root / project / marker).is_file()
                for project in dict.fromkeys((base, base.removesuffix("src/")))
                for marker in _DISTRIBUTION_FILES
            )
        ]
        return known_bases

    def _holds(self, folder: str, first: str) -> bool:
        """Whether `folder` holds a module, a package or a folder (one of subfolders only:
        a namespace package's `api/routes/`) named `first`."""
        return first in self.children.get(folder, ()) or f"{folder}{first}/" in self._all_folders()

    def _all_folders(self) -> set[str]:
        """Every folder above a module, at any depth ("api/", "api/routes/"), found once."""
        if self.folders is None:
            self.folders = {
                "".join(f"{part}/" for part in known.split("/")[:n])
                for known in self.children
                for n in range(1, known.count("/") + 1)
            }
        return self.folders

    def _held_nowhere(self, module: str, folders: str) -> bool:
        """Whether no `sys.path` folder of the importer holds the module's top package."""
        return not self.holding.get((module.partition(".")[0], folders), True)

    def _absent_package(self, module: str) -> bool:
        """`from routes.auth import router` where no `routes` folder or module is anywhere in
        the project: a name only a project uses for its own package (`_PROJECT_PACKAGES`),
        not the analysed folder's own (`unjam check routes/`); or `from resume_api.lib import
        x` where the project's folder is `resume-api/`, which no import can name (unless it
        is a distribution of its own that installs itself under the other name, or has one
        beside it that does: its bindings)."""
        first = module.partition(".")[0]
        if first in self.root.parts:
            return False
        if self.everywhere is None:  # every folder's and module's name, at any depth
            self.everywhere = {f.rstrip("/").rpartition("/")[2] for f in self.project.folders()}
            self.everywhere |= {p.rpartition("/")[2].removesuffix(".py") for p in self.primary}
        if first in self.everywhere:
            return False
        if first in _PROJECT_PACKAGES:
            return True
        hyphened = first.replace("_", "-")
        if hyphened == first or hyphened not in self.everywhere:
            return False
        return any(
            folder.rstrip("/").rpartition("/")[2] == hyphened
            and not self._installs_as(folder, first)
            and not self._bindings_beside(folder, first)
            for folder in self.project.folders()
        )

    def _bindings_beside(self, folder: str, name: str) -> bool:
        """Whether a folder beside `folder` and named after it (`wren-core-py/` beside the
        crate `wren-core/`) is a distribution installing the package `name` (maturin's
        `module-name = "wren_core"`): the crate's Python bindings, which the project installs
        as a dependency of its own."""
        crate = folder.rstrip("/")
        above, _, stem = crate.rpartition("/")
        try:
            beside = [p.name for p in (self.root / crate).parent.iterdir() if p.is_dir()]
        except OSError:
            return False
        prefix = f"{above}/" if above else ""
        return any(
            self._installs_as(f"{prefix}{other}/", name)
            for other in beside
            if other.startswith((f"{stem}-", f"{stem}_"))
        )

    def _installs_as(self, folder: str, name: str) -> bool:
        """Whether a pyproject.toml, setup.py or setup.cfg in the folder names the package
        `name` (`package-dir = {"shared_tools" = "."}`): installed, it may be importable so
        (not a pyproject.toml of tool settings, nor a `name = "resume-api"` alone)."""
        return files_mention(self.root, [folder], _DISTRIBUTION_FILES, (name,), whole=True)

    def _top(self, module: str) -> str:
        """The module's first name when it is the project's, else "" (remembered)."""
        first = module.partition(".")[0]
        first = self.tops[module] = first if first in self.names else ""
        return first

    def _verdict(self, imp: ImportRef, folders: str) -> tuple | None:
        """(source module, (what is missing, where)) when the import fails, else None;
        `folders`: where a relative import starts, or an absolute one's sys.path folders."""
        if imp.name == "*":
            return None
        if imp.level:
            return self._judge(imp, folders, "")
        first = imp.module.partition(".")[0]
        key = (first, folders)
        if key not in self.holding:
            held = holding_folders(first, folders, self.children)
            if first in OUTSIDE_NAMES or declared_requirement(self.root, first):
                # (a folder inside a regular package is on `sys.path` only by a hack, which
                # would not hide an installed library: `torch/` beside `cuda/` in a
                # vendored model's namespace folders, `import torch` there the library)
                held = [f for f in held if not _inside_a_package(f, self.primary)]
            self.holding[key] = held
        verdicts = []
        for folder in self.holding[key]:
            judged = self._judge(imp, folder, first)
            if judged is None:
                return None  # where the app runs, this folder may be the one on `sys.path`
            verdicts.append((folder, judged))
        if not verdicts:
            return None
        # (where one folder holds the module and it lacks the name, that is the error Python
        # gives from there: `cannot import name`, not a module missing from another folder)
        folder, judged = next(((f, j) for f, j in verdicts if j[0] is not None), verdicts[0])
        if judged[0] is not None:
            return judged
        # a folder without `__init__.py` is a namespace package, which an installed package
        # of the same name comes before (`alembic/` of migrations): trusted only when the
        # project is seen importing its own modules through it — judged once all are seen
        return None, judged[1], f"{folder}{first}/"

    def _judge(self, imp: ImportRef, folder: str, first: str) -> tuple | None:
        """The candidate this import makes, if any."""
        name, module = imp.name, imp.module
        key = (module, folder)
        if key not in self.sources:
            self.sources[key] = module_at(self.project, folder, module)
            if first and self.sources[key] is not None:
                self.namespace_found.add(f"{folder}{first}/")
        source = self.sources[key]
        if source is not None:
            shadowing = shadowed_on_the_way(self.primary, folder, module)
            if shadowing is not None:
                return None, shadowing
            if not name or binds(source, name, self.children):
                return None
            return source, ("", "")
        dotted = f"{module}.{name}" if name else module
        if (dotted, folder) not in self.absent:
            self.absent[dotted, folder] = missing_module(self.root, folder, dotted, module)
        missing = self.absent[dotted, folder]
        if missing is None and first and dotted != first:
            # it found a module on disk there (not the folder itself: `import jwt` beside a
            # `jwt/` folder without `__init__.py` imports the installed library)
            self.namespace_found.add(f"{folder}{first}/")
        return None if missing is None else (None, missing)

    def trusted(self, found: list[tuple]) -> list[tuple]:
        """`found` less the modules missing from a namespace folder no import is seen to
        find a module in."""
        return [
            c[:4]
            for c in found
            if len(c) < 5 or c[4] in self.namespace_found or regular_package(c[4], self.primary)
        ]


def _inside_a_package(folder: str, primary: dict[str, str]) -> bool:
    """Whether a folder above `folder` (relative, with its "/") is a regular package."""
    parts = folder.rstrip("/").split("/")[:-1] if folder else []
    return any("/".join(parts[: d + 1]) + "/__init__.py" in primary for d in range(len(parts)))


# names a project gives its own packages and no library a FastAPI app installs takes: one
# imported while no folder or module of the project bears it is missing from the repository
_ABSENT = "(absent package)"
_DISTRIBUTION_FILES = ("pyproject.toml", "setup.py", "setup.cfg")
_PROJECT_PACKAGES = frozenset(
    {"app", "routes", "routers", "schemas", "crud", "services", "modules", "controllers"}
    | {"repositories", "endpoints", "dependencies", "handlers", "views", "serializers"}
)
# names a project gives its own modules: one imported absolutely from where no folder on the
# importer's path holds it, while the project keeps it elsewhere, is missing there
_PROJECT_MODULES = _PROJECT_PACKAGES | frozenset(
    {"models", "database", "db", "schemas", "crud", "core", "utils", "auth", "api", "deps"}
    | {"settings", "config", "security", "helpers", "main"}
)

# names `from pydantic import …` gives in pydantic 1 and raises PydanticImportError for in 2
_PYDANTIC = "pydantic"
# typing's names, which no pydantic version exports (`from pydantic import BaseModel, Optional`
# raises ImportError under pydantic 1 and 2 alike; checked against 1.10 and 2.14)
_TYPING_ONLY = frozenset(
    {"Optional", "List", "Dict", "Union", "Any", "Tuple", "Set", "Type", "Callable", "Literal"}
    | {"Annotated", "Sequence", "Mapping", "Iterable", "ClassVar", "Final", "TypedDict"}
    | {"Generic", "TypeVar", "NamedTuple", "FrozenSet"}
)
NEVER_IN_PYDANTIC = "any version"
_PYDANTIC_1_ONLY = frozenset(
    {"BaseSettings", "Protocol", "Required", "JsonWrapper", "compiled", "stricturl"}
    | {"validate_model", "parse_file_as", "parse_raw_as", "StrBytes", "NoneStr", "NoneBytes"}
    | {"NoneStrBytes", "create_model_from_namedtuple", "create_model_from_typeddict"}
    | {f"Constrained{kind}" for kind in ("Bytes", "Date", "Decimal", "Float", "FrozenSet")}
    | {f"Constrained{kind}" for kind in ("Int", "List", "Set", "Str")}
)


def pydantic_2(root: Path, importer: Module, primary: dict[str, str]) -> str:
    """Where the project declares pydantic 2 (`poetry.lock: 2.7.0`; a requirement of
    pydantic-settings, which needs it), from the importer's package root up; "-" when it
    does not."""
    folders = list(dict.fromkeys(reversed(sys_path_folders(importer, primary).split("|"))))
    if disagree(root, folders, "pydantic"):
        return "-"  # (which of the files installs is not said: no claim)
    for package in ("pydantic", "pydantic-settings"):
        found = declared_major(root, folders, package)
        if found is not None:
            return found[1] if found[0] >= 2 or package != "pydantic" else "-"
    return "-"
