"""Where an import finds its module in the project, from paths alone: the folders on
`sys.path` an absolute import searches (the root, `src/`, the importer's package root), the
folder a relative one starts from, and what is on disk there — for missing_names.py, which
judges only imports that name a project module by its place.
"""

from __future__ import annotations

from pathlib import Path

from unjam.analysis.discovery import ignored_by_git
from unjam.analysis.project import Module, Project
from unjam.analysis.resolution import OUTSIDE_NAMES, defines


def project_names(children: dict[str, set[str]]) -> frozenset[str]:
    """The names of the project's modules and folders, less those the standard library or
    a library the catalogue knows takes."""
    names: set[str] = set()
    for folder, inside in children.items():
        names |= inside
        names.add(folder.rstrip("/").rpartition("/")[2])
    return frozenset(names - OUTSIDE_NAMES)


def regular_package(folder: str, primary: dict[str, str]) -> bool:
    return f"{folder}__init__.py" in primary


def holding_folders(first: str, folders: str, children: dict[str, set[str]]) -> list[str]:
    """The `sys.path` folders that hold the module or package `first`, those holding a
    module or a regular package first: Python takes one of those wherever it is on the path
    before a folder without `__init__.py` (a namespace portion). Which of them `sys.path`
    puts first depends on where the app runs (`backend_new/backend/`, a package, is the
    `backend` of its own modules even where the root holds an old `backend/` folder)."""
    regular = [f for f in folders.split("|") if first in children.get(f, ())]
    namespace = [f for f in folders.split("|") if f"{f}{first}/" in children and f not in regular]
    return regular + namespace


def missing_module(root: Path, folder: str, dotted: str, module: str) -> tuple[str, str] | None:
    """(the dotted name of the first module on the way that is not on disk, the file it
    would be) for `import dotted` from `folder`; None when every step exists (a module not
    analysed, an extension, a package's attribute). `module`: what a `from` import names
    before its `import` (its last step may be an attribute, not a module)."""
    path = root / folder if folder else root
    parts = dotted.split(".")
    for i, part in enumerate(parts):
        if (path / part).is_dir():
            path = path / part
            continue
        if _module_file(path, part):
            return None
        if i == len(parts) - 1 and dotted != module and (path / "__init__.py").exists():
            return None  # `from package import name`: the summary said no such name
        expected = f"{folder}{'/'.join(parts[: i + 1])}"
        if ignored_by_git(root, f"{expected}.py") or ignored_by_git(root, expected):
            return None  # kept out of git on purpose: where the app runs, it is there
        return ".".join(parts[: i + 1]), f"{expected}.py"
    return None


def shadowed_on_the_way(
    primary: dict[str, str], folder: str, dotted: str
) -> tuple[str, str, str] | None:
    """For a project module `dotted` found from `folder` through a folder without
    `__init__.py` that a module file beside it shadows (`utils.expire_holds` from `app/`,
    with `app/utils.py` there): (the dotted name that fails, the shadowing file, "shadowed"),
    the import failing as a missing module's does; else None."""
    parts = dotted.split(".")
    for i in range(len(parts) - 1):
        path = f"{folder}{'/'.join(parts[: i + 1])}"
        if f"{path}.py" in primary and f"{path}/__init__.py" not in primary:
            return ".".join(parts[: i + 2]), f"{path}.py", "shadowed"
    return None


# what an importable module's file name may end in after its name: `.py`, bytecode, an
# extension module (`.so`, `.cpython-311-x86_64-linux-gnu.so`, `.pyd`), or the Cython
# source the package's build compiles into one (`.pyx`)
_SOURCE_SUFFIXES = frozenset({".py", ".pyw", ".pyc", ".pyx"})
_EXTENSION_SUFFIXES = (".so", ".pyd")


def _module_file(folder: Path, name: str) -> bool:
    """Whether `folder` holds a file Python may import as the module `name` (not a
    template such as alembic's `script.py.mako`, nor a stub)."""
    for file in folder.glob(f"{name}.*"):
        rest = file.name[len(name) :]
        if rest in _SOURCE_SUFFIXES:
            return True
        if rest.endswith(_EXTENSION_SUFFIXES) and rest.count(".") <= 2:
            return True
    return False


def sys_path_folders(mod: Module, primary: dict[str, str]) -> str:
    """The folders an absolute import in `mod` may find a project module from: the root,
    `src/`, and the folder above its top package (its own, for a script outside any
    package: run as `python dir/main.py`, its folder comes first on `sys.path`; and, with
    no package anywhere above it, each folder above it, where the app importing it may run:
    `cd "api backend" && uvicorn main:app` for `api backend/models/user.py`)."""
    parts = mod.path.split("/")[:-1]
    depth = len(parts)
    while depth and "/".join(parts[:depth]) + "/__init__.py" in primary:
        depth -= 1
    top = "/".join(parts[:depth])
    folders = ["", "src/"]
    in_package = depth < len(parts)
    above = any("/".join(parts[:d]) + "/__init__.py" in primary for d in range(1, depth))
    if top and (in_package or not above):
        folders.append(f"{top}/")
    if not in_package and not above:
        folders += [f"{'/'.join(parts[:d])}/" for d in range(depth - 1, 0, -1)]
    return "|".join(dict.fromkeys(folders))


def module_at(project: Project, folder: str, dotted: str) -> Module | None:
    """The project module `dotted` names from `folder` (relative, with its "/")."""
    tail = dotted.replace(".", "/")
    name = project.primary.get(f"{folder}{tail}/__init__.py" if tail else f"{folder}__init__.py")
    if name is None and tail:
        name = project.primary.get(f"{folder}{tail}.py")
    return None if name is None else project.modules[name]


def relative_folder(mod: Module, level: int) -> str:
    """The folder (relative, with its "/") `from <level dots>` starts from in `mod`."""
    parts = mod.path.split("/")[:-1]
    up = level - 1
    if up > len(parts):
        return "/"  # beyond the root: matches no file
    folder = "/".join(parts[: len(parts) - up])
    return f"{folder}/" if folder else ""


def children_of(primary: dict[str, str]) -> dict[str, set[str]]:
    """Folder (relative, with its "/") → the names of the modules and packages in it."""
    children: dict[str, set[str]] = {}
    for path in primary:
        folder, _, name = path.rpartition("/")
        if name == "__init__.py":
            folder, _, name = folder.rpartition("/")
        prefix = f"{folder}/" if folder else ""
        children.setdefault(prefix, set()).add(name.removesuffix(".py"))
    return children


def binds(mod: Module, name: str, children: dict[str, set[str]]) -> bool:
    """Whether the module's summary binds `name` at its top level, or it is a submodule's
    name; True when the module may bind any name (a star import, a module `__getattr__`)."""
    s = mod.summary
    if defines(mod, name) or name in s.global_annotations or s.star_imports:
        return True
    if "__getattr__" in s.funcs:
        return True
    if not s.is_package:
        return False
    folder = mod.path.rpartition("/")[0]
    return name in children.get(f"{folder}/" if folder else "", ())


def submodule_file(root: Path, package: Module, name: str) -> bool:
    """Whether the package's folder holds a file or folder `name` may be imported from (a
    submodule, a namespace folder, a compiled extension), or is to: a `name.py` git is told
    to keep out (a local settings module, copied from the `config.py.example` beside it)."""
    folder = (root / package.path).parent
    if (folder / name).is_dir() or _module_file(folder, name):
        return True
    return ignored_by_git(root, f"{package.path.rpartition('/')[0]}/{name}.py".lstrip("/"))
