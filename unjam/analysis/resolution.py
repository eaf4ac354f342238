"""Names and imports: what a dotted name, a module member, a name in a function's scope
and a module-level name denote, and the stable identity (`symbol`) of the variable an
expression names (apps and routers are told apart by it).

A layer of `Project` (see project_index.py); the values are project.py's tuples.
"""

from __future__ import annotations

import sys

from unjam.analysis.catalogue import library_roots
from unjam.analysis.project_index import _BUSY, _MEMBER, _MISSING, Func, Module, ProjectIndex, Value
from unjam.analysis.summary import ImportRef, ModuleSummary


class Resolver(ProjectIndex):
    def __post_init__(self) -> None:
        super().__post_init__()
        self._qns: dict[str, Value | None] = {}  # dotted name → resolve_qn()

    # ---- imports and names --------------------------------------------------------------

    def import_target(self, mod: Module, imp: ImportRef) -> str:
        """The dotted name `imp` in `mod` loads (a module, or a module's member), as its
        program's `sys.path` finds it; memoised, as several readers ask about every import."""
        key = (mod.path, imp.level, imp.module, imp.name)
        found = self._targets.get(key)
        if found is None:
            found = self._targets[key] = self._import_target(mod, imp)
        return found

    def _import_target(self, mod: Module, imp: ImportRef) -> str:
        if imp.level == 0:
            sibling = self.sibling(mod, imp.module)
            if sibling is None and not self._on_own_path(mod, imp.module):
                sibling = self._in_namespace_beside(mod, imp.module)
                if sibling is None and imp.name:
                    found = self._in_namespace_beside(mod, f"{imp.module}.{imp.name}")
                    if found is not None:
                        return found
                if sibling is None:
                    found = self._from_own_project(mod, imp)
                    if found is not None:
                        return found
            # (also where the name is taken: a nearer copy of the package the importer sits
            # in is the one its program imports, `cd other/backend && uvicorn app.main:app`)
            if sibling is None:
                sibling = self._by_own_package(mod, imp.module)
                if imp.name:  # `from app.api.routers import products`: the module
                    found = self._submodule(mod, imp, sibling)
                    if found is not None:
                        return found
            if sibling is None and imp.module.partition(".")[0] not in self.modules:
                found = self._beside_unnamed(mod, imp)
                if found is not None:
                    return found
            if sibling is None and imp.module.partition(".")[0] in self.contested:
                if imp.name:  # `from skills import registry`: the module first
                    found = self.nearer_copy(mod, f"{imp.module}.{imp.name}")
                    if found is not None:
                        return found
                sibling = self.nearer_copy(mod, imp.module)
            base = sibling or imp.module
        elif "@" in mod.name:  # a module whose names others took: its package by path
            found = self.relative_by_path(mod, imp.level, imp.module, imp.name)
            if found is not None:
                return found
            base = imp.module
        else:
            if mod.name.partition(".")[0] in self.contested:
                # a package another copy's modules may have named first (two services'
                # `api_v1/`): the sibling file, as Python finds it
                found = self.relative_by_path(mod, imp.level, imp.module, imp.name)
                if found is not None:
                    return found
            parts = mod.name.split(".")
            keep = len(parts) - imp.level + (1 if mod.summary.is_package else 0)
            if keep <= 0:
                # (a name too short for the import: app/routes/x.py under a folder no import
                # can spell, `fastapi-backend/`, is `x` alone; Python finds its package's
                # folder from the file, `cd fastapi-backend && uvicorn app.main:app`)
                found = self.relative_by_path(mod, imp.level, imp.module, imp.name)
                if found is not None:
                    return found
            base = ".".join(parts[: max(keep, 0)])
            if imp.module:
                base = f"{base}.{imp.module}" if base else imp.module
            if self._named_elsewhere(mod, imp.level, base):
                # (`from ..models import Entry` in ledger/api/, the name `models` taken by
                # another folder's package: the sibling folder, as Python finds it)
                found = self.relative_by_path(mod, imp.level, imp.module, imp.name)
                if found is not None:
                    return found
        if imp.name:
            return f"{base}.{imp.name}" if base else imp.name
        return base

    def _named_elsewhere(self, mod: Module, level: int, base: str) -> bool:
        """Whether the module a relative import's computed name gives sits outside the
        folder the import starts from (another folder's package took that name)."""
        named = self.modules.get(base)
        if named is None:
            return False
        parts = mod.path.split("/")[:-1]
        parts = parts[: len(parts) - (level - 1)] if level > 1 else parts
        folder = "/".join(parts)
        return not named.path.startswith(f"{folder}/" if folder else "")

    def _on_own_path(self, mod: Module, dotted: str) -> bool:
        """Whether the module the linker names `dotted` is one the importer's program can
        import: any, unless it sits in another top folder than the importer's own
        (`aml-backend/bedrock/` for backend/routes/x.py, two services of one repository,
        each run from its folder), where the importer's own namespace folder
        (backend/bedrock/, no `__init__.py`) is the one found."""
        named = self.modules.get(dotted)
        if named is None:
            return False
        top = mod.path.partition("/")[0] if "/" in mod.path else ""
        if top and not named.path.startswith(f"{top}/") and "/" in named.path:
            return False
        return not self._beaten_in_own_project(mod, named, dotted.partition(".")[0])

    def _beaten_in_own_project(self, mod: Module, named: Module, first: str) -> bool:
        """Whether `named` sits outside the project of its own the importer sits in (a
        folder below the root holding pyproject.toml, setup.py or setup.cfg), and that
        project holds a module or folder `first` itself: run from its folder, the importer's
        program finds its own first (two services' `deps/providers.py`, a package in one,
        a folder without `__init__.py` in the other)."""
        own = self._own_project(mod)
        if own is None or named.path.startswith(own):
            return False
        return f"{own}{first}/" in self.folders() or f"{own}{first}.py" in self.primary

    def _from_own_project(self, mod: Module, imp: ImportRef) -> str | None:
        """`from resources import get_payment_resources` in
        backend/payment_service/dependencies/deps.py, where backend/payment_service/ holds a
        pyproject.toml and its own resources.py, and another service's resources.py took
        the name: run from its folder (`cd payment_service && uvicorn main:app`), the
        program finds its own. The primary name of the module (or member) by path from
        the importer's project folder, or None."""
        own = self._own_project(mod)
        return None if own is None else self._by_path(own[:-1], imp)

    def _own_project(self, mod: Module) -> str | None:
        """The folder (with its "/") of the project of its own `mod` sits in, or None."""
        return next((f for f in self.project_folders if mod.path.startswith(f)), None)

    def sibling(self, mod: Module, dotted: str) -> str | None:
        """`from utils import x` beside a `utils.py` means that one, whatever other `utils`
        the project holds, when the importer's directory is on `sys.path`: a script
        directory (no `__init__.py`). In a package, `import utils` is absolute; the sibling
        is taken only when the program evidently put the package's directory on `sys.path`
        (`sys.path.insert(0, "src")`, common in ML repositories): the module the name
        otherwise gives lacks a name this module imports from it, and the sibling has them
        all. The dotted name with the sibling's primary name first, or None."""
        if not dotted:
            return None
        directory = mod.path.rpartition("/")[0]
        prefix = f"{directory}/" if directory else ""
        primary = self.primary
        first, _, rest = dotted.partition(".")
        # (a package comes before a module of its name in the same folder, as in Python)
        package = primary.get(f"{prefix}{first}/__init__.py")
        found = package if rest or package else primary.get(f"{prefix}{first}.py")
        if found is None or found == first or found == mod.name:
            return None
        if f"{prefix}__init__.py" in primary and (
            rest or not self._imports_only_there(mod, dotted, found)
        ):
            return None
        if rest and found.endswith("@"):
            # (a package named by its path, `svc.routes.__init__@`: its submodule by path too)
            path = f"{prefix}{dotted.replace('.', '/')}"
            module = primary.get(f"{path}.py") or primary.get(f"{path}/__init__.py")
            if module is not None:
                return module
        return f"{found}.{rest}" if rest else found

    def _by_own_package(self, mod: Module, dotted: str) -> str | None:
        """`from app.crud import things` in backend/app/routers/items.py: the importer names
        a package it sits in, so the folder above that package is on `sys.path` (`cd backend
        && uvicorn app.main:app`) even where the linker's names do not say so (a stray
        `backend/__init__.py` makes them `backend.app.…`): the primary name of the module
        `dotted` names from there, or None."""
        return self.own_module(mod, dotted) if "." in dotted else None

    def _submodule(self, mod: Module, imp: ImportRef, package: str | None) -> str | None:
        """The primary name of the module `from <package> import <name>` names, unless the
        package binds the name itself: a copy's submodule keeps its own primary name where
        its package's was taken (`app.routes.users` of the one service with a `users.py`,
        beside a stand-in for its `app/routes/__init__.py`)."""
        found = self._by_own_package(mod, f"{imp.module}.{imp.name}")
        if found is None or package is None:
            return found
        pkg = self.modules.get(package)
        if pkg is not None and defines(pkg, imp.name or ""):
            return None
        return found

    def _beside_unnamed(self, mod: Module, imp: ImportRef) -> str | None:
        """`from src.api import items` (or `from deps import *`, `import deps`) in
        backend/main.py, where no module is named `src` but
        backend/src/ holds it: the program runs from backend/ (`cd backend && uvicorn
        main:app`), which a stray backend/__init__.py makes the linker name a package. The
        primary name of the module (or the package's member) found by path, or None."""
        if imp.module.partition(".")[0] in OUTSIDE_NAMES:
            return None
        for directory in self._package_folders(mod):
            found = self._by_path(directory, imp)
            if found is not None:
                # (api/auth/fastapi_users.py's `from fastapi_users import FastAPIUsers` is
                # the library's: a module does not import itself by its bare name)
                itself = found if imp.name is None else found.rpartition(".")[0]
                return None if itself == mod.name else found
        return self._in_folder_above(mod, imp) if "." in imp.module else None

    def _in_folder_above(self, mod: Module, imp: ImportRef) -> str | None:
        """`from shared.managers.password_manager import PasswordManager` in
        backend/user_service/…, where backend/shared/ holds it: a folder each service of a
        monorepo gets copied or mounted beside its code (`COPY shared /app/shared`). The
        primary name of the module it names from the nearest folder above the importer that
        has its path, or None. Only for a dotted module path, which no library spells
        by chance from a folder of the project."""
        directory = mod.path.rpartition("/")[0]
        while directory:
            directory = directory.rpartition("/")[0]
            if f"{directory}/{imp.module.partition('.')[0]}/" not in self.folders():
                continue
            found = self._by_path(directory, imp)
            if found is not None:
                return found
        return None

    def _package_folders(self, mod: Module) -> list[str]:
        """The importer's folder, then each folder above it while the one below is a
        package: `backend/api/songs.py` imported by backend/main.py, which runs from
        backend/ (`cd backend && python main.py`), finds `from spotify.api import x` in
        backend/spotify/, a stray backend/__init__.py making the linker name it a package."""
        folders = [mod.path.rpartition("/")[0]]
        while folders[-1] and f"{folders[-1]}/__init__.py" in self.primary:
            folders.append(folders[-1].rpartition("/")[0])
        return folders[:-1] if len(folders) > 1 else folders

    def _by_path(self, directory: str, imp: ImportRef) -> str | None:
        path = (f"{directory}/" if directory else "") + imp.module.replace(".", "/")
        primary = self.primary
        if imp.name is None:  # (`import deps`, `from deps import *`: the module itself)
            return primary.get(f"{path}/__init__.py") or primary.get(f"{path}.py")
        package = primary.get(f"{path}/__init__.py")
        sub = primary.get(f"{path}/{imp.name}/__init__.py") or primary.get(f"{path}/{imp.name}.py")
        pkg = self.modules.get(package) if package is not None else None
        if sub is not None and (pkg is None or not defines(pkg, imp.name or "")):
            return sub
        base = package or primary.get(f"{path}.py")
        return f"{base}.{imp.name}" if base is not None else None

    def own_module(self, mod: Module, dotted: str) -> str | None:
        """The primary name of the importer's own copy of `dotted` (`app`, `app.config`)
        when the importer sits in a folder named like its first name, or None."""
        first = dotted.partition(".")[0]
        folders = mod.path.split("/")[:-1]
        if first not in folders or first in OUTSIDE_NAMES:
            return None  # (`import stripe` in app/stripe/ is the library: absolute)
        above = "/".join(folders[: len(folders) - folders[::-1].index(first) - 1])
        path = f"{above}/" if above else ""
        path += dotted.replace(".", "/")
        # (a package comes before a module of its name in the same folder, as in Python)
        return self.primary.get(f"{path}/__init__.py") or self.primary.get(f"{path}.py")

    def nearer_copy(self, mod: Module, dotted: str) -> str | None:
        """The primary name of the module `dotted` names from the importer's own `sys.path`
        folder (`import_root`), where a module of that first name in another folder was
        linked first: `from skills.registry import x` in api/routes.py means skills/, not
        other/skills.py beside a script (which Python finds only when that script runs).
        Only for an importer named by its package chain (whose name says where it runs
        from); None when the name already gives the right one."""
        first = dotted.partition(".")[0]
        if first not in self.contested or not self._named_by_chain(mod):
            return None
        root = import_root(mod)
        primary = self.primary
        here = primary.get(f"{root}{first}/__init__.py") or primary.get(f"{root}{first}.py")
        taken = self.modules.get(first)
        if here is None or taken is None or taken.name == here:
            return None
        path = root + dotted.replace(".", "/")
        return primary.get(f"{path}/__init__.py") or primary.get(f"{path}.py")

    def _named_by_chain(self, mod: Module) -> bool:
        """Whether `mod`'s name is its package chain (`api.routes` for api/routes.py under
        a package api/), not a longer name given because another module took that one."""
        if "@" in mod.name:
            return False
        folders = mod.path.split("/")[:-1]
        depth = 1
        while folders and "/".join(folders) + "/__init__.py" in self.primary:
            if mod.path != "/".join(folders) + "/__init__.py":
                depth += 1
            folders.pop()
        return mod.name.count(".") + 1 == depth

    def relative_by_path(
        self, mod: Module, level: int, module: str, name: str | None
    ) -> str | None:
        """What `from <level dots><module> import <name>` in `mod` names, found by the
        files' paths (as Python finds it, from the package's folder): for a module whose
        linker names another module took, so that its name says nothing of its package."""
        parts = mod.path.split("/")[:-1]
        parts = parts[: len(parts) - (level - 1)] if level > 1 else parts
        path = "/".join([*parts, *module.split(".")]) if module else "/".join(parts)
        primary = self.primary
        if name:
            sub = primary.get(f"{path}/{name}/__init__.py") or primary.get(f"{path}/{name}.py")
            if sub is not None:
                return sub
        base = primary.get(f"{path}/__init__.py") or primary.get(f"{path}.py")
        if base is None:
            return None
        return f"{base}.{name}" if name else base

    def _in_namespace_beside(self, mod: Module, dotted: str) -> str | None:
        """`from apis import farm` / `from app.rag.service import x` in a script beside an
        `apis/` or `app/` folder with no `__init__.py` (a namespace package, found first on
        the script's `sys.path` entry): the primary name of `apis/farm.py` or
        `app/rag/service.py`, when the script's own folder is no package; or, for a module
        of a package, such a folder beside that package (`from internal.api.routes import
        router` in `app/main.py` of a service whose root holds `app/` and `internal/`)."""
        first, dot, _rest = dotted.partition(".")
        if not dot:
            return None
        directory = mod.path.rpartition("/")[0]
        prefix = f"{directory}/" if directory else ""
        if f"{prefix}__init__.py" in self.primary and "@" not in mod.name:
            prefix = import_root(mod)  # the folder the importer's top package sits in
        elif f"{prefix}__init__.py" in self.primary:
            return None
        elif directory:
            found = self._above_namespace_folder(directory, dotted)
            if found is not None:
                return found
        if f"{prefix}{first}/" not in self.folders():
            return None
        if f"{prefix}{first}/__init__.py" in self.primary:
            return None  # a package: the linker's names already say it
        path = f"{prefix}{dotted.replace('.', '/')}"
        return self.primary.get(f"{path}.py") or self.primary.get(f"{path}/__init__.py")

    def namespace_copy(self, mod: Module, dotted: str) -> str | None:
        """The primary name of the module `dotted` names in a namespace folder beside the
        importer or its package, or from above the namespace folder it sits in (see
        `_in_namespace_beside`), or None."""
        return self._in_namespace_beside(mod, dotted)

    def _above_namespace_folder(self, directory: str, dotted: str) -> str | None:
        """`from core.checker import X` in backend/app/main.py, `app/` a namespace package run
        as `app.main` from backend/ (`cd backend && uvicorn app.main:app`), whose stray
        `__init__.py` makes the linker name its packages `backend.core…`: the primary name of
        backend/core/checker.py. So too where backend/ is a namespace folder as well
        (`from rts.local import router` in app/apis/agg.py, the app run from app/)."""
        for path in self.above_namespace_paths(directory, dotted):
            found = self.primary.get(path)
            if found is not None:
                return found
        return None

    def above_namespace_paths(self, directory: str, dotted: str) -> list[str]:
        """The files `_above_namespace_folder` looks for, module first (none when the
        importer's folder is a package, or the folder above it is the root: the linker's
        names already say what is there)."""
        parent = directory.rpartition("/")[0]
        if not parent or f"{directory}/__init__.py" in self.primary:
            return []
        path = f"{parent}/{dotted.replace('.', '/')}"
        return [f"{path}.py", f"{path}/__init__.py"]

    def _imports_only_there(self, mod: Module, dotted: str, sibling: str) -> bool:
        """Whether only the sibling can be what `dotted` names: the module the absolute
        name gives lacks what this module imports from it and the sibling has it all, or no
        module nor library bears that name at all (`from accounts import router` in
        blog/main.py, run from blog/)."""
        taken = self.modules.get(dotted)
        there = self.modules.get(sibling)
        if there is None:
            return False
        if taken is None:
            first = dotted.partition(".")[0]
            return first not in OUTSIDE_NAMES and first not in self.top_names()
        names: list[str] = [
            imp.name
            for imp in mod.summary.imports.values()
            if imp.level == 0 and imp.module == dotted and imp.name
        ]
        modules = self.modules
        return (
            bool(names)
            and all(defines(there, n) for n in names)
            and not all(defines(taken, n) or f"{dotted}.{n}" in modules for n in names)
        )

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
            package, _, name = qn.rpartition(".")
            rebound = self._rebound(package, name, qn) if package in self.modules else None
            return rebound if rebound is not None else ("mod", qn)
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

    def _rebound(self, package: str, name: str, qn: str) -> Value | None:
        """What the package's `__init__` binds `name` to when that is not its submodule
        `qn`: `from .remember import remember` makes `pkg.remember` the function, for
        `from pkg import remember` as for the attribute (the binding runs after the
        submodule's import set the attribute to the module)."""
        mod = self.modules[package]
        s = mod.summary
        if not s.is_package:
            return None
        if name in s.classes or name in s.funcs:
            return self.module_member(package, name)
        imp = s.imports.get(name)
        if imp is None:
            return None
        target = self.import_target(mod, imp)
        return None if target == qn else self.resolve_qn(target)

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
            imported = self.resolve_qn(self.import_target(mod, imp))
            made = self._made_by_import(imported, s.global_values.get(name, ()), name)
            return imported if made is None else made
        values = s.global_values.get(name)
        if values:
            ann = s.global_annotations.get(name)
            typed = None
            if ann is not None:
                typed = self.annotation_type(self.module_scope(mod), ann)
                if typed is not None and typed[0] != "obj":
                    return typed
            for scope_qn, ref in _final_first(s, values):
                scope = self.funcs.get(f"{mod.name}.{scope_qn}") or self.module_scope(mod)
                value = self.value_of(scope, ref)
                if value is not None:
                    return self.narrowed(typed, value)
            return typed
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

    def _made_by_import(self, imported: Value | None, values, name: str) -> Value | None:
        """What `redis = redis.Redis(...)` binds at module level: an instance made by the
        module the name was imported as (the assignment, which reads the import, runs
        after it), else None."""
        for scope_qn, ref in values:
            if (
                imported is not None
                and scope_qn == "<module>"
                and ref[0] == "call"
                and ref[1][0] == "attr"
                and ref[1][1] == ("name", name)
            ):
                maker = self.attribute(imported, ref[1][2])
                if maker is not None and maker[0] == "ext":
                    qn = maker[1]
                    return ("inst", self.catalogue.canonical(self.catalogue.returns(qn) or qn))
                if maker is not None and maker[0] == "class":
                    return ("obj", maker[1])
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
        """What a local holds: its annotation's type, else its first inferred value (see
        `narrowed`)."""
        ann = func.fd.local_annotations.get(name)
        typed = None
        if ann is not None:
            typed = self.annotation_type(self.parent_scope(func), ann)
            if typed is not None and typed[0] != "obj":
                return typed
        for ref in func.fd.locals.get(name, ()):
            value = self.value_of(func, ref)
            if value is not None:
                return self.narrowed(typed, value)
        return typed

    def narrowed(self, typed: Value | None, value: Value) -> Value:
        """A name's value where its annotation (`typed`) names a project class: the class it
        was built as when that is the annotation's Protocol, or a subclass of the annotated
        class (`repo: Repository = PostgresRepository(dsn)`, `auth: IAuthService =
        AuthService()`: the bodies that run are the built class's), else the annotation."""
        if typed is None:
            return value
        built = value[0] == "obj" and value != typed and type(value[1]) is str
        if built and (self.is_protocol(typed[1]) or typed[1] in self.mro(value[1])[0]):
            return value
        return typed

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
                    return self._local_import(f, name) or f"{f.gqn}:{name}"
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
        s = mod.summary
        imp = s.imports.get(name)
        if imp is not None:
            return self._imported_symbol(mod, imp, depth)
        if s.star_imports and not _binds(s, name):
            # `from .routes import *` re-exports its router (the last such import wins)
            for star in reversed(s.star_imports):
                target = self.import_target(mod, ImportRef(star.level, star.module, None))
                found = self.modules.get(target)
                if found is None or found is mod:
                    continue
                symbol = self.global_symbol(target, name, depth + 1)
                if _binds(found.summary, name) or symbol != f"{found.name}.{name}":
                    return symbol  # (bound there, or by a star import of its own)
        return f"{mod.name}.{name}"

    def _imported_symbol(self, mod: Module, imp: ImportRef, depth: int) -> str:
        target = self.import_target(mod, imp)
        parent, _, last = target.rpartition(".")
        package = self.modules.get(parent)
        if package is not None and (target not in self.modules or self._rebinds(package, last)):
            return self.global_symbol(parent, last, depth + 1)
        return target

    def _rebinds(self, package: Module, name: str) -> bool:
        """Whether a package binds `name` to something other than its submodule of that
        name: `core/__init__.py` writing `from .app import app` makes `from .core import
        app` the app `core/app.py` builds, not that module."""
        s = package.summary
        if name in s.global_values or name in s.classes or name in s.funcs:
            return True
        imp = s.imports.get(name)
        return imp is not None and self.import_target(package, imp) != f"{package.name}.{name}"

    def _local_import(self, func: Func, name: str) -> str | None:
        """The symbol a name bound only by an import inside the function denotes:
        `def configure_routes(app): from svc.routers.api import api` names the module's
        router, so `app.include_router(api, …)` is found like a module-level import's."""
        values = func.fd.locals.get(name)
        if not values or values[0][0] != "imp" or any(v != values[0] for v in values):
            return None
        _tag, level, module, attr = values[0]
        return self._imported_symbol(func.mod, ImportRef(level, module, attr), 0)


def _top_level(relpath: str) -> bool:
    """A module directly in the root or in `src/` (a file or a package's `__init__.py`)."""
    parts = relpath.split("/")
    if parts[0] == "src":
        parts = parts[1:]
    return len(parts) == 1 or (len(parts) == 2 and parts[1] == "__init__.py")


def defines(mod: Module, name: str) -> bool:
    """Whether a module binds `name` at its top level (a def, a class, an assignment, an
    import)."""
    summary = mod.summary
    return (
        name in summary.global_values
        or name in summary.imports
        or name in summary.classes
        or name in summary.funcs
    )


def _binds(summary: ModuleSummary, name: str) -> bool:
    """Whether a module binds `name` itself (a definition, an assignment, an import)."""
    fd = summary.funcs.get(name)
    return (
        name in summary.imports
        or name in summary.global_values
        or name in summary.classes
        or (fd is not None and fd.class_qn is None and fd.parent is None)
    )


# names the standard library or a library the catalogue knows takes: never a project package
OUTSIDE_NAMES = frozenset(sys.stdlib_module_names) | library_roots()


def import_root(mod: Module) -> str:
    """The folder `mod`'s name is relative to, as a path prefix ("" for the analysed root,
    else ending in "/"): `gateway/core.py` named `core` → "gateway/"."""
    folder = mod.path.removesuffix(".py").removesuffix("/__init__").split("/")
    depth = mod.name.count(".") + 1
    kept = folder[: max(len(folder) - depth, 0)]
    return "/".join(kept) + "/" if kept else ""


def _final_first(summary, values: list) -> list:
    """A module global's values, the one its module's body binds last unconditionally put
    first: `client = pymongo.MongoClient(url)` to build indexes, then `client =
    AsyncIOMotorClient(url)`, and the functions that run later see the second. Only a value
    built by a call the body makes outside any `if` or `except` handler is known to come
    last so; other orders are kept as written."""
    top = summary.funcs.get("<module>")
    if top is None or len(values) < 2:
        return values
    unconditional = {(c.func, c.args, c.kwargs) for c in top.calls if c.guard < 0}
    for i in range(len(values) - 1, -1, -1):
        scope_qn, ref = values[i]
        if scope_qn == "<module>" and ref[0] == "call" and ref[1:4] in unconditional:
            return [values[i], *values[:i], *values[i + 1 :]]
    return values
