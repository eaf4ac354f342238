"""Whether something names an app as a server launches it: `module:attr`, as uvicorn,
gunicorn, hypercorn and granian take it (`uvicorn app.main:app` in a Dockerfile, a compose
file, a Procfile, a Makefile, a shell script, a README's instructions or a config file; in
the app's own module's text; as a module global's value, gunicorn's `wsgi_app`; as an
argument of a server's `run`/`Config`/`serve`: `uvicorn.run("main:create_app",
factory=True)`). Tests do not launch: their text is left out.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

from unjam.analysis.declared_versions import any_file_text
from unjam.analysis.discovery import is_test_path
from unjam.analysis.fastapi_records import RouterObj
from unjam.analysis.project import Module, Project
from unjam.analysis.summary import ImportRef

# the calls that may be handed a `module:attr` string
LAUNCHING_CALLS = ("run", "Config", "serve", "Granian")
# the files where a launcher may name one
LAUNCHER_FILES = (
    "Dockerfile*",
    "*.dockerfile",
    "docker-compose*",
    "compose*.y*ml",
    "Procfile*",
    "Makefile",
    "*.sh",
    "*.toml",
    "*.cfg",
    "*.ini",
    "*.y*ml",
    "*.md",
    "*.rst",
)


class Launchers:
    """What the program's modules (not its tests) say of its names, gathered on first use:
    `named`, the names they hand on as values; `imports`, where they import each name
    from (not a package's `__init__.py` re-exporting them: a module imports a factory to
    call it where unjam cannot see, a `__main__` block, a CLI); and the constant strings
    that may name a `module:attr`."""

    def __init__(self, project: Project, root: Path) -> None:
        self.project = project
        self.root = root
        self._named: set[str] = set()
        self._imports: dict[str, list[tuple[Module, ImportRef]]] = {}  # name → its imports
        self._texts: dict[str, set[str]] = {}  # module path → the `module:attr` texts it holds
        self._gathered = False

    @property
    def named(self) -> set[str]:
        self._gather()
        return self._named

    def imports(self, gqn: str, name: str) -> bool:
        """Whether the program imports the function `gqn` by its `name`: an import of that
        name resolving to it, or to nothing unjam can name (another package's `create_app`
        imported does not count)."""
        self._gather()
        for mod, imp in self._imports.get(name, ()):
            value = self.project.resolve_qn(self.project.import_target(mod, imp))
            if value is None or value[1] == gqn:
                return True
        return False

    def _gather(self) -> None:
        if self._gathered:
            return
        self._gathered = True
        named = self._named
        refs: list[tuple[str, tuple]] = []
        for mod in self.project.unique_modules():
            if is_test_path(mod.path):
                continue
            summary = mod.summary
            named.update(summary.value_names)
            if not summary.is_package:
                for imp in summary.imports.values():
                    if imp.name:
                        self._imports.setdefault(imp.name, []).append((mod, imp))
            refs.extend(
                (mod.path, ref) for values in summary.global_values.values() for _s, ref in values
            )
        for launcher in LAUNCHING_CALLS:
            for caller, site in self.project.sites_named(launcher):
                if not is_test_path(caller.mod.path):
                    refs.extend((caller.mod.path, arg) for arg in site.args)
                    refs.extend((caller.mod.path, value) for _key, value in site.kwargs)
        for path, ref in refs:
            if ref[0] == "const" and isinstance(ref[1], str) and ":" in ref[1]:
                self._texts.setdefault(path, set()).add(ref[1])

    def launch_rank(self, app: RouterObj) -> int:
        """How surely the app is the one a server runs: 0 when another module or a launcher
        file names it as spelled from the folder it runs in (`uvicorn app.main:app` in
        backend/Dockerfile for backend/app/main.py), 1 when a launcher file names a module
        its path only ends with (backend/app/features/x/app/main.py), 2 when only its own
        module's text does (`uvicorn.run("main:app")` under its `__main__`, as a dev copy
        runs itself), 3 when nothing does."""
        fd = app.scope.fd
        return self._rank(
            app.scope.mod, app.sym.rpartition(".")[2] if fd.qn == "<module>" else fd.name
        )

    def launch(self, mod: Module, attr: str) -> bool:
        """Whether a launcher names `attr` of `mod` (`main:app` for app/main.py's `app`, as
        `app.main:app` or `main:app`; a file that cannot be read is taken to)."""
        return self._rank(mod, attr) < 3

    def _rank(self, mod: Module, attr: str) -> int:
        self._gather()
        if any(
            _launches_from(path, text, mod.path, attr)
            for path, texts in self._texts.items()
            if path != mod.path
            for text in texts
        ):
            return 0
        parts = _path_parts(mod.path)
        by_tail = [False]  # (one read of each launcher file serves both tests)
        for folder in _folders_up(mod.path):
            spelled = _path_parts(mod.path[len(folder) :])
            names_it = partial(
                _spelled_or_tail, spelled=spelled, parts=parts, attr=attr, tail=by_tail
            )
            if any_file_text(self.root, [folder], LAUNCHER_FILES, names_it):
                return 0
        if by_tail[0]:
            return 1
        try:  # (its own module's text: a docstring or comment saying how to launch it)
            own = (self.root / mod.path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return 2
        return 2 if _launches(own, parts, attr) else 3

    def launched_by_others(self, mod: Module, attr: str) -> bool:
        """Whether something other than the module's own text launches `attr` of it: a
        launcher file or another module names `main:app`, or a launcher file runs its file
        (`CMD ["python3", "server.py"]`)."""
        self._gather()
        parts = _path_parts(mod.path)
        others = ((path, texts) for path, texts in self._texts.items() if path != mod.path)
        if any(
            _launches_from(path, text, mod.path, attr) for path, texts in others for text in texts
        ):
            return True
        file = _as_a_word(mod.path.rpartition("/")[2])

        def runs_it(text: str) -> bool:
            return _launches(text, parts, attr) or bool(file.search(text))

        return any_file_text(self.root, _folders_up(mod.path), LAUNCHER_FILES, runs_it)


def _as_a_word(text: str) -> re.Pattern[str]:
    """`main:app` on its own, not inside `fastapi_main:app` or `main:app2`."""
    return re.compile(rf"(?<![\w-]){re.escape(text)}(?![\w-])", re.IGNORECASE)


def _path_parts(path: str) -> list[str]:
    """The module's file path as the parts an import spells: `app/main.py` → app, main."""
    stem = path.removesuffix(".py").removesuffix("/__init__")
    return [part.lower() for part in stem.split("/")]


def _launches(text: str, parts: list[str], attr: str, whole: bool = False) -> bool:
    """Whether `text` names `attr` of the module at `parts` as a launcher does
    (`module:attr`), the module written as a dotted path its file's path ends with:
    `app.main:app` or `main:app` for app/main.py, not `app_core.app:create_app` for
    taskup_backend/app.py, whatever names the linker gave the modules; `whole`: the
    dotted path is all of `parts`."""
    for module in _modules_named(text, attr):
        written = module.lower().split(".")
        if written == parts or (not whole and parts[-len(written) :] == written):
            return True
    return False


def _spelled_or_tail(
    text: str, spelled: list[str], parts: list[str], attr: str, tail: list[bool]
) -> bool:
    """Whether the launcher file's `text` names the module exactly as `spelled` from its
    folder; where it names it only by the tail of its path `parts`, `tail[0]` says so."""
    if _launches(text, spelled, attr, whole=True):
        return True
    tail[0] = tail[0] or _launches(text, parts, attr)
    return False


def _launches_from(launcher: str, text: str, path: str, attr: str) -> bool:
    """Whether `text`, held by the module at `launcher` (`uvicorn.run("main:app")`), names
    `attr` of the module at `path`, spelled from the launcher's folder or one above it (the
    folders it may run from): its own main.py's app, not every main.py's in the project."""
    own = path.lower()
    for module in _modules_named(text, attr):
        written = module.lower().replace(".", "/")
        for folder in _folders_up(launcher):
            if own in (f"{folder.lower()}{written}.py", f"{folder.lower()}{written}/__init__.py"):
                return True
    return False


def _modules_named(text: str, attr: str) -> list[str]:
    """The modules `text` names `attr` of, as `module:attr`."""
    spelled = rf"(?<![\w.-])(\w[\w.]*):{re.escape(attr)}(?![\w-])"
    return [match.group(1) for match in re.finditer(spelled, text, re.IGNORECASE)]


def _folders_up(path: str) -> list[str]:
    """The module's folder and each folder above it, to the root (relative, with "/")."""
    parts = path.split("/")[:-1]
    return [f"{'/'.join(parts[:depth])}/" for depth in range(len(parts), 0, -1)] + [""]
