"""Which files `unjam check` reads: `*.py` under the named paths, minus the usual noise.

The rules follow ruff: directories that hold environments, caches or build output are skipped;
inside a git repository, `.gitignore` files are respected (matched with `pathspec`, the library
that implements git's wildmatch rules); `[tool.unjam] exclude` globs and `--exclude` remove
more; test code (`tests/`, `test/`, `test_*.py`, `*_test.py`, `test.py`, `tests.py`,
`conftest.py`, or `[tool.unjam] test-code`) is left out unless a named path is test code itself — a file only named as a test
outside test directories is held back, and analysed if the program imports it (linker.py);
and a path the user names explicitly is always checked. The walk itself is a few lines of
`os.scandir` with pruning, which is as fast as anything that would add a dependency.

Nothing found on the way stops the walk: an unreadable directory, a symlink loop or a dangling
link is listed in `Discovered.skipped` with its reason, and the run reports it as a file it
could not analyse (directory symlinks are never followed, so a loop cannot recurse).
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase, translate
from functools import cache, lru_cache
from pathlib import Path

from unjam.analysis.catalogue import library_roots
from unjam.errors import BadInput

# Directories that hold tools' state, environments or build output — never the app's code.
DEFAULT_EXCLUDED_DIRS = frozenset(
    {
        ".bzr",
        ".direnv",
        ".eggs",
        ".git",
        ".hg",
        ".ipynb_checkpoints",
        ".mypy_cache",
        ".nox",
        ".pytest_cache",
        ".ruff_cache",
        ".svn",
        ".tox",
        ".unjam-cache",
        ".venv",
        "__pycache__",
        "__pypackages__",
        "_build",
        "build",
        "dist",
        "node_modules",
        "site-packages",
        "venv",
    }
)
# What test code looks like, left out by default: the app's findings come from what it serves.
DEFAULT_TEST_CODE = (
    *("tests", "test", "*_tests", "test_*.py", "*_test.py", "test.py", "tests.py", "conftest.py"),
)
# example programs shipped beside a project (an app there demonstrates; it is not the one
# the project serves), left out as test code is; a cookbook only at the top (agno's), as a
# package's own `schema/cookbook/` may be an app's recipe-book feature
DEFAULT_EXAMPLE_CODE = (
    *("examples", "example", "samples", "docs_src"),
    *("./cookbook", "./demo", "./demos"),
)
# copies of other projects shipped inside this one, or of its own old code kept aside: read
# (what the project calls in them is followed), but their own routes, lifespans and apps are
# not the project's entry points. (Not `vendor`: a marketplace's `routers/vendor/` is its own
# code; `archive` and `reference` only at the top, as an app's `routers/archive/` may serve.)
DEFAULT_VENDORED = (
    *("thirdparty", "third_party", "_vendor", "vendored"),
    *("./reference", "./archive", "./archived"),
)
# where older apps keep copies of the libraries they import, put on `sys.path` at start
# (Medusa's `ext/`, SickChill's `lib3/`): such a directory holding copies of libraries the
# catalogue knows is those libraries, and is skipped as `site-packages` is (_vendored_copies)
_LIBRARY_DIRS = frozenset(
    {"ext", "lib", "lib3", "libs", "vendor", "vendored", "_vendor", "third_party", "thirdparty"}
)


@dataclass(frozen=True)
class Discovered:
    """`root` is what finding paths are relative to; `paths` are absolute and sorted.

    The paths are kept as strings, which is what the engine reads them as: building a
    `Path` for each of 3,000 files costs ~10 ms of a run. `files` has them as Paths."""

    root: Path
    paths: tuple[str, ...]
    # (absolute path, reason) of what was found but cannot be read: unreadable directories,
    # symlink loops, dangling links
    skipped: tuple[tuple[str, str], ...] = ()
    # files named as tests are (`test_*.py`, `test.py`) outside test directories: test
    # code unless the program imports them (a clinic's `services/test_order_service.py`;
    # the engine's `held_back`)
    held_back: tuple[str, ...] = ()

    @property
    def files(self) -> tuple[Path, ...]:
        return tuple(map(Path, self.paths))


class _GitIgnores:
    """The `.gitignore` files that apply below a directory, deepest one deciding (as in git)."""

    def __init__(self, specs: Sequence[tuple[str, object]] = ()) -> None:
        self.specs = list(specs)  # (directory, GitIgnoreSpec), shallowest first

    @classmethod
    def above(cls, directory: Path) -> _GitIgnores | None:
        """The ignores from the repository root down to `directory`; None outside a repo."""
        chain = [directory, *directory.parents]
        for depth, candidate in enumerate(chain):
            if (candidate / ".git").exists():
                dirs = reversed(chain[: depth + 1])
                return cls([s for d in dirs if (s := _read_spec(d)) is not None])
        return None

    def entering(self, directory: str) -> _GitIgnores:
        spec = _read_spec(Path(directory))
        return self if spec is None else _GitIgnores([*self.specs, spec])

    def ignored(self, path: str, is_dir: bool) -> bool:
        for base, spec in reversed(self.specs):
            relative = path[len(base) + 1 :] if path.startswith(base + os.sep) else path
            relative = relative.replace(os.sep, "/")
            result = spec.check_file(relative + ("/" if is_dir else ""))  # type: ignore[attr-defined]
            if result.include is not None:
                return bool(result.include)
        return False


def ignored_by_git(root: Path, relative: str, is_dir: bool = False) -> bool:
    """Whether a `.gitignore` from `root` down to the file's folder keeps `relative` (a
    file or folder, maybe absent) out of git — a local file, like a settings module with
    secrets, or one a build generates — whether or not `root` is a repository's."""
    parts = relative.split("/")
    folders = [root.joinpath(*parts[:depth]) for depth in range(len(parts))]
    ignores = _GitIgnores([s for folder in folders if (s := _read_spec(folder)) is not None])
    return ignores.ignored(str(root.joinpath(*parts)), is_dir=is_dir)


def _read_spec(directory: Path) -> tuple[str, object] | None:
    """The folder's `.gitignore`, compiled once for as long as the file is unchanged: the
    checks of missing modules ask about the same folders' files again and again."""
    try:
        stat = (directory / ".gitignore").stat()
    except OSError:
        return None
    return _compiled_spec(str(directory), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=1024)
def _compiled_spec(directory: str, _mtime_ns: int, _size: int) -> tuple[str, object] | None:
    try:
        lines = Path(directory, ".gitignore").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    try:
        return directory, _spec(lines.splitlines())
    except ValueError:  # a line git would skip (`!` alone): keep the patterns it does read
        return directory, _spec(_valid_patterns(lines))


def _valid_patterns(lines: str) -> list[str]:
    valid = []
    for line in lines.splitlines():
        try:
            _spec([line])
        except ValueError:
            continue
        valid.append(line)
    return valid


def _spec(lines: list[str]) -> object:
    """The patterns compiled; quietly: a pattern such as Next.js's `[[...path]].tsx` makes
    `re` warn of a nested set, which is no concern of the user's."""
    import pathspec

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        return pathspec.GitIgnoreSpec.from_lines(lines)


def discover(
    paths: Sequence[Path],
    exclude: Sequence[str] = (),
    *,
    respect_gitignore: bool = True,
    test_code: Sequence[str] = DEFAULT_TEST_CODE,
) -> Discovered:
    """Collect the Python files under `paths`, skipping excluded directories and files.

    A path the user names explicitly is checked even if an exclusion would match it (as in
    ruff); exclusions apply to what is found below it. `exclude` and `test_code` hold bare
    names/globs (matched against each file or directory name) and absolute globs (matched on
    full paths). Below a named path that is test code itself (`unjam check tests`), test
    files are checked too.
    """
    resolved = [named_path(path) for path in paths]
    names_found: set[str] = set()
    skipped: list[tuple[str, str]] = []
    held: list[str] = []
    for path in resolved:
        if path.is_file():
            names_found.add(str(path))
            continue
        testing = () if _is_test_code(path, test_code) else tuple(test_code)
        excluded = _matcher((*exclude, *testing))
        named_as_test = _test_file_matcher(testing, exclude)
        ignores = _GitIgnores.above(path) if respect_gitignore else None
        if ignores is not None and ignores.ignored(str(path), True):
            # The user named an ignored directory: check it, honouring only the .gitignore
            # files inside it (git would not descend into it at all).
            ignores = _GitIgnores()
        walked = _walk(str(path), excluded, ignores, skipped, named_as_test, held)
        names_found.update(walked)
    # (sorting plain strings is several times faster than sorting Paths)
    return Discovered(
        root=_root_of(resolved),
        paths=tuple(sorted(names_found)),
        skipped=tuple(sorted(skipped)),
        held_back=tuple(sorted(set(held) - names_found)),
    )


def _test_file_matcher(
    testing: Sequence[str], exclude: Sequence[str]
) -> Callable[[str, str], bool] | None:
    """Whether a file left out as test code is so by its name alone (`test_*.py`, `test.py`),
    not by `exclude`: such a file may be the program's own module (held back, not dropped).
    `conftest.py` is pytest's alone."""
    patterns = [p for p in testing if p.endswith(".py") and "/" not in p and p != "conftest.py"]
    if not patterns:
        return None
    by_name = _matcher(patterns)
    excluded = _matcher(exclude)
    return lambda entry, name: by_name(entry, name) and not excluded(entry, name)


def named_path(path: Path) -> Path:
    """A named path, absolute and resolved; a one-line error (exit 3) if it cannot be checked."""
    try:
        os.stat(path)
    except OSError as err:
        if not os.path.lexists(path):
            raise BadInput(
                f"path {path} does not exist; pass a file or directory to check"
            ) from None
        raise BadInput(
            f"path {path} cannot be read ({err.strerror}); fix it or leave it out"
        ) from None
    resolved = path.resolve()
    if not resolved.is_file() and not resolved.is_dir():
        raise BadInput(f"{path} is neither a file nor a directory; name a .py file or a directory")
    if resolved.is_file() and not resolved.name.endswith(".py"):
        raise BadInput(
            f"{path} is not a Python file (unjam checks *.py files); name a .py file or a directory"
        )
    return resolved


def _matcher(patterns: Sequence[str]) -> Callable[[str, str], bool]:
    """Whether an entry (full path, name) matches a pattern: bare ones match the name (all
    of them as one regular expression: this runs for every file and directory), the others
    the full path or a directory above it."""
    names = [p for p in patterns if "/" not in p]
    by_name = re.compile("|".join(map(translate, names))).match if names else None
    anchored = tuple(p for p in patterns if "/" in p)

    def excluded(entry: str, name: str) -> bool:
        return (by_name is not None and by_name(name) is not None) or any(
            fnmatchcase(entry, p) or fnmatchcase(entry, p + "/*") for p in anchored
        )

    return excluded


def vendored_paths(patterns: Sequence[str], root: Path) -> Callable[[str], bool]:
    """Whether a path relative to `root` lies in a directory `patterns` name (bare names
    match a directory below `root`; patterns with a `/`, its full path)."""
    matches = _matcher(patterns)

    def vendored(relative: str) -> bool:
        if not patterns:
            return False
        parts = relative.split("/")[:-1]
        full = str(root)
        for part in parts:
            full = f"{full}/{part}"
            if matches(full, part):
                return True
        return False

    return vendored


def is_test_path(relpath: str) -> bool:
    """Whether a file's relative path is test code by the default patterns (a test module
    the program imports is linked all the same: what it does is still no serving)."""
    return _matches_default(DEFAULT_TEST_CODE, relpath)


def is_example_path(relpath: str) -> bool:
    """Whether a file's relative path is an example program by the default patterns."""
    return _matches_default(DEFAULT_EXAMPLE_CODE, relpath)


def _matches_a_part(matches: Callable[[str, str], bool], relpath: str) -> bool:
    parts = relpath.split("/")
    return any(matches("/".join(parts[: depth + 1]), parts[depth]) for depth in range(len(parts)))


@lru_cache(maxsize=1 << 16)
def _matches_default(patterns: tuple[str, ...], relpath: str) -> bool:
    """(is_test_path's and is_example_path's answer: each path is asked about many times;
    bounded, as a long-lived process sees ever more paths)"""
    return _matches_a_part(_default_matcher(patterns), relpath)


@cache
def _default_matcher(patterns: tuple[str, ...]) -> Callable[[str, str], bool]:
    return _matcher(patterns)


def _is_test_code(path: Path, test_code: Sequence[str]) -> bool:
    """Whether a named directory is test code (it or a directory above it matches a pattern)."""
    matches = _matcher(test_code)
    return any(matches(str(p), p.name) for p in (path, *path.parents) if p.name)


def _walk(
    top: str,
    excluded: Callable[[str, str], bool],
    ignores: _GitIgnores | None,
    skipped: list[tuple[str, str]],
    named_as_test: Callable[[str, str], bool] | None = None,
    held: list[str] | None = None,
) -> Iterable[str]:
    """The Python files below `top`; those left out only for a test's name are put in
    `held` (see `_test_file_matcher`)."""
    stack = [(top, ignores)]
    while stack:
        directory, here = stack.pop()
        try:
            entries = list(os.scandir(directory))
        except OSError as err:
            skipped.append((directory, f"cannot list this directory: {err.strerror or err}"))
            continue
        if here is not None and directory != top and any(e.name == ".gitignore" for e in entries):
            here = here.entering(directory)
        for entry in entries:
            name = entry.name
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError as err:  # (only on filesystems without d_type)
                skipped.append((entry.path, f"cannot read: {err.strerror or err}"))
                continue
            if is_dir:
                if name in DEFAULT_EXCLUDED_DIRS or name.endswith(".egg-info"):
                    continue
                if name in _LIBRARY_DIRS and _vendored_copies(entry.path):
                    continue
                if excluded(entry.path, name) or (here and here.ignored(entry.path, True)):
                    continue
                stack.append((entry.path, here))
            elif not name.endswith(".py"):
                continue
            elif not excluded(entry.path, name):
                if not (here and here.ignored(entry.path, False)) and _is_file(entry, skipped):
                    yield entry.path
            elif (
                held is not None
                and named_as_test is not None
                and named_as_test(entry.path, name)
                and not (here and here.ignored(entry.path, False))
                and _is_file(entry, [])
            ):
                held.append(entry.path)


def _vendored_copies(directory: str) -> bool:
    """Whether `directory`, not a package itself, holds copies of two or more libraries the
    catalogue knows (`ext/requests/`, `ext/tornado/`): put on `sys.path`, they are what the
    app's `import requests` finds, so they are read as those libraries (the catalogue says
    what their calls do), not as the app's code."""
    try:
        names = [e.name for e in os.scandir(directory) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return False
    if os.path.exists(os.path.join(directory, "__init__.py")):
        return False
    known = library_roots()
    copies = [
        name
        for name in names
        if name in known and os.path.exists(os.path.join(directory, name, "__init__.py"))
    ]
    return len(copies) >= 2


def _is_file(entry: os.DirEntry, skipped: list[tuple[str, str]]) -> bool:
    """A regular file, or a link to one; a link that leads nowhere is listed in `skipped`."""
    try:
        if entry.is_file():
            return True
    except OSError as err:  # e.g. a symlink loop (ELOOP)
        skipped.append((entry.path, f"cannot read: {err.strerror or err}"))
        return False
    if entry.is_symlink() and not os.path.exists(entry.path):
        skipped.append((entry.path, "cannot read: a symbolic link to nothing"))
    return False


def _root_of(paths: Sequence[Path]) -> Path:
    """The directory finding paths are relative to: the named directory (a file's parent)."""
    dirs = [p if p.is_dir() else p.parent for p in paths]
    return Path(os.path.commonpath(dirs)) if len(dirs) > 1 else dirs[0]
