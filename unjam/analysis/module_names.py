"""The dotted names a source file may be imported as, from its path alone (no import).

A file has several: its package chain (`app/api/users.py` under packages → `app.api.users`),
its path from the analysed root and from `root/src`, which scripts and `src/` layouts import
by, its path from the root of a project of its own below the analysed root (a
monorepo's distributions, a service run from its folder), and, when the analysed root is
itself a namespace package's folder (`nat/`, no `__init__.py`), its path under that
folder's name (`nat.front_ends.api`, which its modules import one another by). The linker registers a module
under all of them (`names_by_path`: less a project-root name two files would take), so an
import written any of those ways reaches it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from unjam.analysis.roots import PROJECT_MARKERS


def module_names(path: str | Path, root: str | Path, is_init: dict) -> list[str]:
    """Every dotted name the file may be imported as: through its package chain (walk up while
    `__init__.py` exists, up to a folder whose name no import can spell: `back-end/`, whose
    stray `__init__.py` makes no package), relative to the root, relative to `root/src`,
    and from the root of a project of its own it sits in (`_distribution_name`) — but not a
    bare standard-library name: a script `profiles/os.py` outside any package is not what
    `import os` gives anywhere else in the project (the standard library's comes first)."""
    names, installed = _names_and_installed(path, root, is_init)
    return names if installed is None or installed in names else [*names, installed]


def names_by_path(
    paths: list[str], root: str | Path, is_init: dict
) -> dict[str, list[str] | Exception]:
    """`module_names` of each path (or the exception it raised), less a name from a
    project's root that another file has too: two services' `dependencies/dependencies.py`,
    each run from its own folder, are each what their own program imports, which the
    lookups by the importer's path find; a name either could take would send both
    services' imports to one of them."""
    found: dict[str, list[str] | Exception] = {}
    installed: dict[str, tuple[list[str], str]] = {}  # path → (its names, its project's)
    claims: dict[str, int] = {}
    for path in paths:
        try:
            names, name = _names_and_installed(path, root, is_init)
        except Exception as err:  # (reported as the file's reason by the linker)
            found[path] = err
            continue
        found[path] = names
        for each in names:
            claims[each] = claims.get(each, 0) + 1
        if name is not None and name not in names:
            installed[path] = (names, name)
            claims[name] = claims.get(name, 0) + 1
    for path, (names, name) in installed.items():
        if claims[name] == 1:
            found[path] = [*names, name]
    return found


def project_folders(known: dict, root: str | Path) -> tuple[str, ...]:
    """The folders below `root` that `_distribution_name` found holding a project of their
    own, relative with their "/", innermost first; `known`: the dict it was given."""
    inside = os.fspath(root).rstrip("/") + "/"
    found = [
        str(key)[len(inside) : -len(_PROJECT_KEY)] + "/"
        for key, holds in known.items()
        if holds and isinstance(key, str) and key.endswith(_PROJECT_KEY) and key.startswith(inside)
    ]
    return tuple(sorted(found, key=lambda folder: (-folder.count("/"), folder)))


def _names_and_installed(
    path: str | Path, root: str | Path, is_init: dict
) -> tuple[list[str], str | None]:
    """(the file's names, less bare standard-library ones; its `_distribution_name`)."""
    names, installed = _candidate_names(path, root, is_init)
    kept = [name for name in names if name not in _STDLIB] or names
    portion = _named_namespace(os.fspath(path), os.fspath(root), is_init)
    if portion is not None and portion not in kept:
        kept = [*kept, portion]
    return kept, installed


def _named_namespace(path: str, root: str, is_init: dict) -> str | None:
    """`nat.front_ends.api` for nat/front_ends/api.py when the analysed root is the folder
    `nat/` itself, with no `__init__.py`: a namespace package (PEP 420) named as the root,
    whose modules import one another as `nat.…`, which the names from the root alone leave
    unresolved. None for a root named after the standard library or a library the analysis
    knows, and for a file a module beside one of its folders hides (`_a_module_shadows`)."""
    root = root.rstrip(os.sep) or os.sep
    top = os.path.basename(root)
    if not top.isidentifier() or top in _STDLIB or top in _libraries():
        return None
    inside = root + os.sep
    if not path.startswith(inside) or not path.endswith(".py"):
        return None
    parts = path[len(inside) : -3].split(os.sep)
    if parts[-1] == "__init__":
        parts.pop()
    if not parts or not all(part.isidentifier() for part in parts):
        return None
    init = os.path.join(root, "__init__.py")
    if is_init.get(init) is None:
        is_init[init] = os.path.isfile(init)
    if is_init[init] or _a_module_shadows(inside, parts[:-1], is_init):
        return None
    return ".".join([top, *parts])


_STDLIB = frozenset(sys.stdlib_module_names)


def shadowed_by_package(path: str, is_init: dict) -> bool:
    """Whether a package of the same name sits beside the module (`api/history.py` and
    `api/history/__init__.py`): Python's import finds the package first, so no import ever
    loads the module (a left-over copy; a folder without `__init__.py` does not shadow it)."""
    if not path.endswith(".py") or path.endswith("__init__.py"):
        return False
    package = path[:-3]
    known = is_init.get(package)
    if known is None:
        known = is_init[package] = os.path.isfile(os.path.join(package, "__init__.py"))
    return known


def deep_enough_first(names: list[str], level: int, is_package: bool) -> list[str]:
    """`names` with those that leave room for the module's relative imports first: a module
    that writes `from .api.routers import x` (level 1) runs inside a package, a namespace
    package when its folder has no `__init__.py` (`app/main.py` served as `uvicorn
    app.main:app`), so `app.main`, not `main`, is the name its imports resolve from."""
    if level == 0:
        return names
    parts_needed = level if is_package else level + 1
    deep = [name for name in names if name.count(".") + 1 >= parts_needed]
    return deep + [name for name in names if name not in deep]


def _candidate_names(
    path: str | Path, root: str | Path, is_init: dict
) -> tuple[list[str], str | None]:
    """Absolute POSIX paths take a string-only route (pathlib costs ~0.1 s on 3,000 files);
    it gives the names the pathlib route below gives."""
    path, root = os.fspath(path).rstrip("/") or "/", os.fspath(root).rstrip("/") or "/"
    if os.sep != "/" or not (path.startswith("/") and root.startswith("/")):
        return _module_names_pathlib(Path(path), Path(root), is_init)

    def has_init(d: str) -> bool:
        known = is_init.get(d)
        if known is None:
            known = is_init[d] = os.path.isfile(os.path.join(d, "__init__.py"))
        return known

    parent, name = _split_text(path)
    i = name.rfind(".")
    stem = name[:i] if 0 < i < len(name) - 1 else name  # pathlib's `stem`
    stem_parts = [] if name == "__init__.py" else [stem]
    names: list[str] = []
    parts = list(stem_parts)
    d = parent
    while d != "/" and has_init(d) and _split_text(d)[1].isidentifier():
        d, folder = _split_text(d)
        parts.insert(0, folder)
    if parts:
        names.append(".".join(parts))
    top = d  # (the folder the package chain starts in)
    inside = root + "/" if root != "/" else "/"
    installed = _distribution_name(d, parts, inside, is_init, _split_text)
    # in a folder without `__init__.py` under a package: the package's namespace portion
    portion: list[str] = []
    while d.startswith(inside) and d != inside:
        d, folder = _split_text(d)
        if not folder.isidentifier() or _module_beside(d + "/" + folder, is_init):
            break
        portion.insert(0, folder)
        if has_init(d):
            names.extend(_namespace_name(d, portion, parts, has_init, _split_text))
            _drop_a_library_s_name(names, parts)
            break
    for base in (root, inside + "src"):
        prefix = base if base == "/" else base + "/"
        if parent == base:
            rel: list[str] = []
        elif parent.startswith(prefix):
            rel = parent[len(prefix) :].split("/")
        else:
            continue
        dotted = [*rel, *stem_parts]
        if dotted and all(p.isidentifier() for p in dotted):
            if _a_module_shadows(prefix, rel, is_init):
                continue
            dotted_name = ".".join(dotted)
            if dotted_name not in names:
                names.append(dotted_name)
    if top not in (root, inside + "src"):
        _drop_an_unreachable_library_name(names, parts, top)
    return names, installed


def _module_names_pathlib(path: Path, root: Path, is_init: dict) -> tuple[list[str], str | None]:
    def has_init(d: Path) -> bool:
        known = is_init.get(d)
        if known is None:
            known = is_init[d] = (d / "__init__.py").is_file()
        return known

    stem_parts = [] if path.name == "__init__.py" else [path.stem]
    names: list[str] = []
    parts = list(stem_parts)
    d = path.parent
    while has_init(d) and d != d.parent and d.name.isidentifier():
        parts.insert(0, d.name)
        d = d.parent
    if parts:
        names.append(".".join(parts))
    top = d
    installed = _distribution_name(d, parts, root, is_init, _split_path)
    portion: list[str] = []
    while d != root and d.is_relative_to(root) and d.name.isidentifier():
        if _module_beside(str(d), is_init):
            break
        portion.insert(0, d.name)
        d = d.parent
        if has_init(d):
            names.extend(_namespace_name(d, portion, parts, has_init, _split_path))
            _drop_a_library_s_name(names, parts)
            break
    for base in (root, root / "src"):
        try:
            rel = path.parent.relative_to(base)
        except ValueError:
            continue
        dotted = [*rel.parts, *stem_parts]
        if dotted and all(p.isidentifier() for p in dotted):
            if _a_module_shadows(f"{base}/", list(rel.parts), is_init):
                continue
            name = ".".join(dotted)
            if name not in names:
                names.append(name)
    if top not in (root, root / "src"):
        _drop_an_unreachable_library_name(names, parts, top)
    return names, installed


def _distribution_name(
    d: Any, parts: list[str], inside: Any, known: dict, split: Any
) -> str | None:
    """`stac_fastapi.api.app` for stac_fastapi/api/stac_fastapi/api/app.py: the file's name
    from the root of a project of its own below the analysed root (a folder holding
    pyproject.toml, setup.py or setup.cfg; or its src/), when the file's package chain stops
    below that root, at a namespace folder (`stac_fastapi/`, no `__init__.py`) or `src/`.
    Installed, the project puts that root on `sys.path`, and a monorepo's projects share
    the namespace; run from its folder (`uvicorn src.app.main:app`), so does the project.
    `d`: the folder the chain stopped at; `inside`: the analysed root (a string ending in
    "/", or a Path); `split(d)`: (parent, name) of d."""
    portion: list[str] = []
    while d != inside and _below(d, inside):
        if _holds_a_project(d, known):
            return _importable(portion, parts)
        parent, folder = split(d)
        if folder == "src" and _holds_a_project(parent, known):
            # (a project run from its folder imports its src layout as `src.app.main`)
            return _importable(portion or [folder], parts)
        if not folder.isidentifier() or _module_beside(str(d), known):
            return None
        portion.insert(0, folder)
        d = parent
    return None


def _importable(portion: list[str], parts: list[str]) -> str | None:
    """The name, unless the chain already gives it (no folder between) or its first name is
    the standard library's or a library's the analysis knows (`redis/` without
    `__init__.py`: an installed regular package comes before a namespace portion)."""
    if not portion or portion[0] in _STDLIB or portion[0] in _libraries():
        return None
    return ".".join([*portion, *parts])


def _below(d: Any, inside: Any) -> bool:
    if isinstance(inside, str):
        return str(d).startswith(inside)
    return d != d.parent and d.is_relative_to(inside)


_PROJECT_KEY = "/\0project"  # `known[folder + _PROJECT_KEY]`: whether it holds a project


def _holds_a_project(folder: Any, known: dict) -> bool:
    key = f"{folder}{_PROJECT_KEY}"
    found = known.get(key)
    if found is None:
        found = known[key] = any(
            os.path.isfile(os.path.join(folder, marker)) for marker in PROJECT_MARKERS
        )
    return found


def _module_beside(folder: str, known: dict) -> bool:
    """Whether a module file of the folder's name sits beside a folder without `__init__.py`
    (`app/utils.py` and `app/utils/`): Python's import finds the module first, and a folder
    is a namespace portion only when nothing else answers to its name, so no import reaches
    the files in it through that name (`from ..utils.expire_holds import x` fails). `known`:
    the answers so far, by file path."""
    path = folder + ".py"
    found = known.get(path)
    if found is None:
        found = known[path] = os.path.isfile(path)
    return found


def _a_module_shadows(prefix: str, rel: list[str], known: dict) -> bool:
    """Whether one of the folders `rel` names under `prefix` (the root's path and a slash)
    is a namespace folder a module beside it shadows (`_module_beside`)."""
    folder = prefix.rstrip("/")
    for part in rel:
        folder = f"{folder}/{part}"
        if _module_beside(folder, known) and not os.path.isfile(folder + "/__init__.py"):
            return True
    return False


def _namespace_name(
    package: Any, portion: list[str], parts: list[str], has_init: Callable[[Any], bool], split: Any
) -> list[str]:
    """`pkg.models.orm` for `pkg/models/orm.py` when `pkg/` is a package and `models/` has no
    `__init__.py`: Python imports it through `pkg`, the folder being a namespace portion of
    it (`from ..models.orm import Row` in `pkg/api/`). `split(d)`: (parent, name) of d."""
    chain = [*portion, *parts]
    d = package
    while has_init(d):
        parent, name = split(d)
        chain.insert(0, name)
        if parent == d:
            break
        d = parent
    return [".".join(chain)]


def _drop_a_library_s_name(names: list[str], parts: list[str]) -> None:
    """Drop the name a file in a namespace folder inside a package has from that folder
    alone (`redis` for `app/dependencies/redis.py`) when a library the analysis knows bears
    it: that folder is on no program's `sys.path`, so `import redis` anywhere means the
    library, while `app.dependencies.redis` still reaches the file."""
    if _first_is_a_library_s(names, parts):
        del names[0]


def _drop_an_unreachable_library_name(names: list[str], parts: list[str], top: Any) -> None:
    """Drop the name a package has from its own chain (`torch` for GPT-SoVITS's
    GPT_SoVITS/BigVGAN/alias_free_activation/torch/) when a library the analysis knows bears
    it and the folder it sits in, below the root, holds no module of its own: no program
    starts there, so no `sys.path` has that folder first, and `import torch` anywhere means
    the library; its path from the root still reaches it. (A package beside a script,
    backend/redis/ beside backend/main.py, is what that script's `import redis` finds.)"""
    if _first_is_a_library_s(names, parts) and not _holds_a_module(os.fspath(top)):
        del names[0]


def _first_is_a_library_s(names: list[str], parts: list[str]) -> bool:
    """Whether the first of `names` is the package chain `parts` alone, another name is
    left, and a library the analysis knows bears that chain's top name."""
    return (
        bool(parts) and len(names) > 1 and names[0] == ".".join(parts) and parts[0] in _libraries()
    )


def _holds_a_module(folder: str) -> bool:
    """Whether `folder` holds a Python file of its own (one that cannot be listed counts)."""
    try:
        with os.scandir(folder) as entries:
            return any(e.name.endswith(".py") and e.is_file() for e in entries)
    except OSError:
        return True


@lru_cache(maxsize=1)
def _libraries() -> frozenset[str]:
    from unjam.analysis.catalogue import library_roots

    return library_roots()


def _split_text(d: str) -> tuple[str, str]:
    """(`os.path.dirname(d)`, `os.path.basename(d)`) of an absolute POSIX path with no
    trailing slash, without their general-case work."""
    i = d.rfind("/")
    return (d[:i] or "/"), d[i + 1 :]


def _split_path(d: Path) -> tuple[Path, str]:
    return d.parent, d.name
