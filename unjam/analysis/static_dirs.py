"""Modules that raise as they load because they build `StaticFiles(directory="static")` for
a folder the repository does not hold: Starlette checks the folder when the object is built
(`check_dir`, on by default) and raises RuntimeError, so the app whose module does so cannot
start (unstartable.py), and what the rules would say about its routes is not true of it.

Git keeps no empty folder, so a `static/` a developer has locally is often missing from the
repository; the claim is made only when nothing says the folder will be there: the call is
at the module's top level (not in a function, an `if` or a `try`), the directory is a
constant relative path (or the constant default of a settings field, `settings.upload_dir`,
which no `.env` file sets otherwise and no deployment file names), no folder of that path is
beside the module, above it or at the root, no `.gitignore` keeps it out of git, no code
makes a folder of that name (`os.makedirs`, `mkdir`; a loop over a list of constant paths is
read) and no Dockerfile, compose file or script mentions it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from unjam.analysis.constant_text import constant_text, field_default
from unjam.analysis.declared_versions import files_mention
from unjam.analysis.discovery import ignored_by_git
from unjam.analysis.imported import programs_loading
from unjam.analysis.project import Func, Module, Project
from unjam.analysis.top_level_imports import Trees, top_level_statement

_STATIC_FILES = frozenset(
    {("ext", "starlette.staticfiles.StaticFiles"), ("ext", "fastapi.staticfiles.StaticFiles")}
)
_MAKERS = ("makedirs", "mkdir", "copytree")
_DEPLOY_FILES = ("Dockerfile*", "*.dockerfile", "docker-compose*", "compose*.y*ml", "*.sh")
_DEPLOY_FILES += ("Makefile", "Procfile", "*.toml", "*.cfg", "*.ini", "*.y*ml")
_IMPORT_DEPTH = 4  # calls by name followed back from a folder-making call
_ENV_FILES = (".env", ".env.*", "*.env")
_MAX_ENV_READ = 1_000_000  # bytes of one `.env` file read
_UNKNOWN = ("?",)  # a loop variable's value, in the summary


@dataclass(frozen=True)
class MissingFolder:
    module: Module
    line: int
    directory: str
    field: str = ""  # `settings.upload_dir` whose default `directory` is, or "" (a constant)


def missing_static_folders(project: Project, root: Path) -> list[MissingFolder]:
    """The top-level `StaticFiles(directory=…)` calls whose folder the repository lacks."""
    found: list[MissingFolder] = []
    trees = Trees(root)
    for func, site in project.sites_named("StaticFiles"):
        if func.fd.qn != "<module>" or project.callee(func, site.func) not in _STATIC_FILES:
            continue
        kwargs = dict(site.kwargs)
        check = kwargs.get("check_dir")
        if check is not None and check != ("const", True):
            continue
        ref = kwargs.get("directory") or (site.args[0] if site.args else None)
        if ref is None:
            continue
        directory = constant_text(project, func, ref)
        field = ""
        if directory is None:
            field, directory = _default_field(project, root, func, ref) or ("", None)
        if not directory or directory.startswith(("/", "~", "$")) or ":" in directory:
            continue
        if ".." in directory.split("/"):
            continue  # a folder outside the checked tree: unjam cannot look
        directory = directory.strip("/").removeprefix("./")
        if _may_be_there(project, root, func.mod, directory):
            continue
        if _at_top_level(trees.of(func.mod), site.line):
            found.append(MissingFolder(func.mod, site.line, directory, field))
    return found


def _default_field(project: Project, root: Path, func: Func, ref: tuple) -> tuple[str, str] | None:
    """(`settings.upload_dir`, its default) when `ref` reads a settings field with a constant
    default that surely holds where the app starts: the class takes nothing from the
    environment, or no `.env` file beside the module or above it sets the field otherwise and
    no deployment file names it."""
    found = field_default(project, func, ref)
    if found is None or ref[1][0] != "name":
        return None
    default, from_environment = found
    field = ref[2]
    if from_environment:
        bases = _bases(func.mod)
        if files_mention(root, bases, _DEPLOY_FILES, [field], whole=True):
            return None
        if _set_otherwise(root, bases, field, default):
            return None
    return f"{ref[1][1]}.{field}", default


def _set_otherwise(root: Path, bases: list[str], field: str, default: str) -> bool:
    """Whether a `.env` file sets `field` (`UPLOAD_DIR=…`, also with a prefix: `APP_UPLOAD_DIR`)
    to another value than its default; a file that cannot be read may."""
    for base in bases:
        folder = root / base if base else root
        for pattern in _ENV_FILES:
            for path in folder.glob(pattern):
                try:
                    with path.open("rb") as handle:  # (bounded: a `.env` is a few lines)
                        text = handle.read(_MAX_ENV_READ).decode("utf-8", errors="replace")
                except OSError:
                    return True
                if _sets_another(text, field.lower(), default):
                    return True
    return False


def _sets_another(text: str, key: str, default: str) -> bool:
    """Whether a `.env` text sets `key` (lowercase) to something else than `default`."""
    for line in text.splitlines():
        name, sep, value = line.strip().removeprefix("export ").partition("=")
        name = name.strip().lower()
        named = name == key or name.endswith("_" + key)
        if sep and named and value.strip().strip("\"'") != default:
            return True
    return False


def _bases(mod: Module) -> list[str]:
    """The module's folder and each folder above it, up to the root ("")."""
    parts = mod.path.split("/")[:-1]
    return ["/".join(parts[:n]) for n in range(len(parts), -1, -1)]


def _may_be_there(project: Project, root: Path, mod: Module, directory: str) -> bool:
    """Whether the folder is, or may be made, where the server runs: beside the module,
    above it or at the root; kept out of git; made by code or named by deployment files."""
    bases = _bases(mod)
    for base in bases:
        relative = f"{base}/{directory}" if base else directory
        if (root / relative).exists() or ignored_by_git(root, relative, is_dir=True):
            return True
    name = directory.rpartition("/")[2]
    if files_mention(root, bases, _DEPLOY_FILES, [name], whole=True):
        return True
    return _made_by_code(project, name, mod)


def _made_by_code(project: Project, name: str, mod: Module) -> bool:
    """Whether some code may make a folder named `name`: a `makedirs`/`mkdir`/`copytree`
    call whose path names it, or whose path unjam cannot read (`settings.media.mkdir()`),
    in code that may run as the modules of the program loading `mod` load (a route's, or
    a helper only routes call, runs after the mount has failed; another script's is no
    part of the app's start)."""
    program: set[str] | None = None  # (built only for a call whose path is unread)
    for maker in _MAKERS:
        for func, site in project.sites_named(maker):
            receiver = site.func[1] if site.func[0] == "attr" else None
            paths = [*site.args[:2], *(v for k, v in site.kwargs if k in ("name", "path", "dst"))]
            if receiver is not None and not paths:
                paths = [receiver]  # `Path("static").mkdir(exist_ok=True)`
            texts = [text for ref in paths for text in _path_texts(project, func, ref)]
            named = any(t is not None and name in t for t in texts)
            if not named and paths and None not in texts:
                continue
            if program is None:
                program = programs_loading(project, {mod.name})
            if func.mod.name in program and _may_run_at_import(project, func):
                return True
    return False


def _path_texts(project: Project, func: Func, ref: tuple) -> list[str | None]:
    """What a folder-making call's path starts with: its constant text, or each text a loop
    variable takes over a list of constant paths (`for d in [Path("static"),
    Path("static/charts")]: os.mkdir(d)`); [None] when unjam cannot read it."""
    text = constant_text(project, func, ref, whole=False)
    if text is not None:
        return [text]
    fd = func.fd
    if ref[0] != "name" or not fd.iterated or fd.locals.get(ref[1]) != [_UNKNOWN]:
        return [None]
    texts: list[str | None] = []
    for iterated in fd.iterated:
        if iterated[0] == "name" and len(fd.locals.get(iterated[1], ())) == 1:
            iterated = fd.locals[iterated[1]][0]  # (`for d in dirs:` with `dirs = [...]`)
        if iterated[0] != "list":
            return [None]
        for item in iterated[1]:
            if item[0] == "call" and len(item[2]) == 1 and not item[3]:
                item = item[2][0]  # (`Path("static")`)
            texts.append(constant_text(project, func, item, whole=False))
    return texts or [None]


def _may_run_at_import(project: Project, func: Func) -> bool:
    """Whether a module's body may call `func`: itself, or through calls by name (a class's
    methods by the class's name: a settings object built at import runs its validators), a
    few calls deep; a function nothing calls (an endpoint, a dependency) runs once the app
    serves."""
    if func.fd.qn == "<module>":
        return True
    names = {_called_as(func)}
    seen = {func.gqn}
    for _depth in range(_IMPORT_DEPTH):
        callers = [c for name in names for c, _site in project.sites_named(name)]
        if any(c.fd.qn == "<module>" for c in callers):
            return True
        # (a route `create_movie` calling the service's `create_movie`: no caller of its own)
        fresh = [c for c in callers if c.gqn not in seen]
        seen.update(c.gqn for c in fresh)
        names = {_called_as(c) for c in fresh}
        if not names:
            return False
    return True  # (deeper than followed: taken as may)


def _called_as(func: Func) -> str:
    """The name a call reaching `func` is written with: a method's class, else its own."""
    return func.fd.class_qn.rpartition(".")[2] if func.fd.class_qn else func.fd.name


def _at_top_level(tree: ast.Module | None, line: int) -> bool:
    """Whether the statement holding `line` is one of the module's own (an expression or an
    assignment), not inside an `if`, a `try`, a `with`, a loop or a definition."""
    return isinstance(top_level_statement(tree, line), ast.Expr | ast.Assign | ast.AnnAssign)
