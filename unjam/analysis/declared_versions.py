"""What a project's dependency files say (and its deployment files, for files_mention).
Which major version of a library the project declares it runs with, read from its
dependency files: a lock's pin (poetry.lock, uv.lock, Pipfile.lock) first, else the lowest
major a requirement admits (`pydantic>=2`, `pydantic==2.7.*`, `pydantic = "^2.5"`). A bare
requirement, or none, says nothing: what runs is whatever is installed.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

LOCKS = ("poetry.lock", "uv.lock", "Pipfile.lock")
# (setup.py and setup.cfg: an `install_requires` entry on a line of its own, as written in
# the common layout, `"fastapi[all]==0.78.0",`)
_REQUIREMENTS = ("pyproject.toml", "Pipfile", "setup.cfg", "setup.py")


def declared_major(root: Path, folders: list[str], package: str) -> tuple[int, str] | None:
    """(major version, where it is said: `poetry.lock: 2.7.0`) of `package`, from the
    dependency files in `folders` (relative to `root`, nearest first), or None — also where
    the nearest folder's files that require it disagree (a Pipfile's `pydantic = "==2.4.2"`
    beside a requirements.txt's `pydantic==1.10.18`: which one installs is not said)."""
    found = _nearest_declarations(root, folders, package)
    if not found or len({major for major, _where in found}) > 1:
        return None
    return found[0]


def disagree(root: Path, folders: list[str], package: str) -> bool:
    """Whether the nearest folder's dependency files that require `package` (no lock
    deciding) admit different major versions of it."""
    return len({major for major, _where in _nearest_declarations(root, folders, package)}) > 1


def _nearest_declarations(root: Path, folders: list[str], package: str) -> list[tuple[int, str]]:
    """(major, where) of the nearest folder that declares `package`: its lock's pin, else
    each of its requirement files' requirement."""
    for folder in folders:
        base = root / folder if folder else root
        for name in LOCKS:
            found = _pinned(base / name, package)
            if found is not None:
                return [(int(found.partition(".")[0]), f"{folder}{name}: {found}")]
        candidates = [base / n for n in _REQUIREMENTS] + sorted(base.glob("requirements*.txt"))
        required = [(_required_major(path, package), f"{folder}{path.name}") for path in candidates]
        declared = [(major, where) for major, where in required if major is not None]
        if declared:
            return declared
    return []


_MAX_READ = 8_000_000  # bytes read of one file: a lock of a large project fits


def _read(path: Path) -> str:
    try:
        with path.open("rb") as handle:
            return decoded(handle.read(_MAX_READ))
    except OSError:
        return ""


def decoded(raw: bytes) -> str:
    """A dependency file's text: UTF-8, or UTF-16 where its byte-order mark says so (what
    `pip freeze > requirements.txt` writes in Windows PowerShell)."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16", errors="replace")
    return raw.decode("utf-8-sig", errors="replace")


def files_mention(
    root: Path, folders: list[str], patterns: tuple[str, ...], words, whole: bool = False
) -> bool:
    """Whether a file matching one of `patterns` (globs: `Dockerfile*`, `*.y*ml`) in one of
    `folders` under `root` mentions one of `words`, in any case (`whole`: as a word of its
    own, not inside a longer name: `static/` or `"static"`, not `static_configs`), outside
    its comment lines (`# For PostgreSQL: postgresql://…` in a `.env.example`); a file that
    cannot be read is taken to (the callers make a claim only when nothing speaks against
    it)."""
    lowered = [word.lower() for word in words]
    if whole:
        found = [re.compile(rf"(?<![\w-]){re.escape(w)}(?![\w-])") for w in lowered]
        return any_file_text(root, folders, patterns, lambda t: any(f.search(t) for f in found))
    return any_file_text(root, folders, patterns, lambda text: any(w in text for w in lowered))


def any_file_text(
    root: Path, folders: list[str], patterns: tuple[str, ...], test: Callable[[str], bool]
) -> bool:
    """Whether `test` holds for the lower-cased text, outside its comment lines, of a file
    matching one of `patterns` in one of `folders` (see files_mention)."""
    for folder in folders:
        base = root / folder if folder else root
        for pattern in patterns:
            for path in base.glob(pattern):
                if not path.is_file():
                    continue
                try:
                    with path.open("rb") as handle:
                        text = _uncommented(decoded(handle.read(_MAX_READ)).lower())
                except OSError:
                    return True
                if test(text):
                    return True
    return False


def _uncommented(text: str) -> str:
    """The text without its whole-line `#` comments (Dockerfiles, Compose files, `.env`)."""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def _pinned(path: Path, package: str) -> str | None:
    """The version a lock file pins `package` at."""
    text = _read(path)
    if not text:
        return None
    name = re.escape(package)
    toml = re.search(rf'^name = "{name}"\s*\nversion = "(\d[^"]*)"', text, re.MULTILINE)
    if toml:
        return toml.group(1)
    pipfile = re.search(rf'"{name}": \{{[^}}]*?"version": "==(\d[^"]*)"', text, re.DOTALL)
    return pipfile.group(1) if pipfile else None


def _required_major(path: Path, package: str) -> int | None:
    """The lowest major version a requirement of `package` admits (`==2.7`, `>=2`, `~=2.4`,
    poetry's `^2.5`, `"2.7.0"` or `{version = "^2.5"}`, a Pipfile's `"==2.4.2"`), or None
    (none, or bare)."""
    name = re.escape(package)
    spec = re.search(
        rf"""^\s*["']?{name}(\[[^\]]*\])?\s*(=\s*\{{[^\n]*?version\s*)?"""
        rf"""(==|>=|~=|=\s*["'](?:==|>=|~=|\^)?|\^)\s*(\d+)""",
        _read(path),
        re.MULTILINE | re.IGNORECASE,
    )
    return None if spec is None else int(spec.group(4))


def declared_below(
    root: Path, folders: list[str], package: str, bound: tuple[int, ...]
) -> str | None:
    """Where the dependency files in `folders` (nearest first) admit only versions of
    `package` below `bound` (`requirements.txt: fastapi==0.67.0`), or None: a lock's pin,
    else an exact requirement or an upper bound (`<0.69`, `~=0.68.0`, poetry's `^0.68`)."""
    for folder in folders:
        base = root / folder if folder else root
        for name in LOCKS:
            found = _pinned(base / name, package)
            if found is not None:
                below = _version(found) < bound
                return f"{folder}{name}: {package} {found}" if below else None
        candidates = [base / n for n in _REQUIREMENTS] + sorted(base.glob("requirements*.txt"))
        for path in candidates:
            spec = _requirement(path, package)
            if spec is not None:
                below = any(_below(clause, bound) for clause in spec.split(","))
                gap = "" if spec[0] in "=<>!~" else " "
                return f"{folder}{path.name}: {package}{gap}{spec}" if below else None
    return None


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text))


def _requirement(path: Path, package: str) -> str | None:
    """The version part of `package`'s requirement: `==0.67.0`, `>=0.68,<0.69`, or the
    string of `fastapi = "^0.68"` / `{version = "^0.68"}`; None where it names no version."""
    name = re.escape(package)
    found = re.search(
        rf"""^\s*["']?{name}(\[[^\]]*\])?(?![\w.-])["']?[ \t]*(.*)$""",
        _read(path),
        re.MULTILINE | re.IGNORECASE,
    )
    if found is None:
        return None
    rest = found.group(2).split("#")[0].split(";")[0]
    if re.match(r"""=\s*["'{]""", rest):  # poetry, Pipfile: `= "^0.68"`, `= {version = "…"}`
        quoted = re.search(r"""version\s*=\s*["']([^"']*)""", rest) or re.match(
            r"""=\s*["']([^"']*)""", rest
        )
        rest = quoted.group(1) if quoted else ""
    spec = re.split(r"""["']""", rest)[0].strip()
    return spec if re.search(r"\d", spec) else None


def _below(clause: str, bound: tuple[int, ...]) -> bool:
    """Whether one clause of a requirement (`==0.67.0`, `<0.69`, `~=0.68.0`, `^0.68`,
    `0.68.*`) admits only versions below `bound`."""
    found = re.fullmatch(r"\s*(===|==|<=|<|>=|>|~=|!=|\^|~)?\s*([\d.]+)(\.\*)?\s*", clause)
    if found is None:
        return False
    op, version, wildcard = found.group(1) or "==", _version(found.group(2)), found.group(3)
    # (`<0.69.0` is `<0.69`: compared as tuples, trailing zeros would make it the larger)
    if op in ("==", "===") and not wildcard:
        return _trimmed(version) < _trimmed(bound)
    if op == "<":
        return _trimmed(version) <= _trimmed(bound)
    if op == "<=":
        return _trimmed(version) < _trimmed(bound)
    if op in ("==", "~=", "~", "^"):
        return _first_left_out(op, version, bool(wildcard)) <= bound
    return False


def _trimmed(version: tuple[int, ...]) -> tuple[int, ...]:
    while len(version) > 1 and version[-1] == 0:
        version = version[:-1]
    return version


def _first_left_out(op: str, version: tuple[int, ...], wildcard: bool) -> tuple[int, ...]:
    """The first release a compatible-release or wildcard clause leaves out: `~=0.68.0`,
    `~0.68`, `^0.68` and `==0.68.*` all stop at 0.69."""
    if wildcard:
        keep = len(version)
    elif op == "^":  # poetry: the first non-zero part may not change
        keep = next((i + 1 for i, part in enumerate(version) if part), len(version))
    elif op == "~=":
        keep = max(len(version) - 1, 1)
    else:  # poetry's ~
        keep = min(len(version), 2)
    return (*version[: keep - 1], version[keep - 1] + 1)


def declared_requirement(root: Path, package: str) -> bool:
    """Whether a dependency file at the root names `package` (a requirement, a lock entry),
    or the metadata of an unpacked wheel or an installed package does (`Requires-Dist`,
    extras too: what else is installed beside it is not known, so it says no more than
    that `package` is a library)."""
    files = [*dependency_files(root, [""]), *_package_metadata(root)]
    return any(names_any(path, (package,)) for path in files)


def forget_files() -> None:
    """Look for the dependency files again: an analysis starts (they may have changed since
    the last one in this process)."""
    _dependency_files_in.cache_clear()
    _package_metadata.cache_clear()


@lru_cache(maxsize=8)
def _package_metadata(root: Path) -> tuple[Path, ...]:
    return tuple(sorted(root.glob("*.dist-info/METADATA")))


def dependency_files(root: Path, folders: list[str]) -> list[Path]:
    """The dependency files (locks, pyproject.toml, Pipfile, setup.cfg, setup.py,
    requirements*.txt) in `folders` under `root` that exist."""
    found: list[Path] = []
    for folder in folders:
        found += _dependency_files_in(root / folder if folder else root)
    return found


@lru_cache(maxsize=256)
def _dependency_files_in(base: Path) -> tuple[Path, ...]:
    """(looked for once per analysis, `forget_files`: the checks ask once per imported name)"""
    names = [base / n for n in (*LOCKS, *_REQUIREMENTS)]
    return (*[p for p in names if p.is_file()], *sorted(base.glob("requirements*.txt")))


def default_requirements(path: Path) -> list[str] | None:
    """What a pyproject.toml installs by default: `[project] dependencies` and the keys of
    `[tool.poetry.dependencies]` but those marked `optional` (which only an extra installs);
    not its extras nor its groups. None when it does not parse."""
    try:
        data = tomllib.loads(_read(path))
    except tomllib.TOMLDecodeError:
        return None
    project = _table(data, "project")
    found = project.get("dependencies", [])
    found = list(found) if isinstance(found, list) else []
    poetry = _table(_table(_table(data, "tool"), "poetry"), "dependencies")
    found += [
        name
        for name, spec in poetry.items()
        if not (isinstance(spec, dict) and spec.get("optional"))
    ]
    return [r for r in found if isinstance(r, str)]


def _table(data: dict, key: str) -> dict:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def names_any(path: Path, packages: tuple[str, ...]) -> bool:
    """Whether the file names one of `packages` as a requirement or a lock entry."""
    try:
        stat = path.stat()
    except OSError:
        return False
    named = _names_in(path, stat.st_mtime_ns, stat.st_size)
    return any(p.lower() in named for p in packages)


# what a line may name at its start: a requirement (`fastapi>=0.110`, `"fastapi"`), or a
# lock entry's `name = "fastapi"` (its `name` counts too, as a requirement's would)
_LINE_NAME = re.compile(r"""^\s*["']?([\w.-]+)(?:[ ]=[ ]["']?([\w.-]+))?""", re.MULTILINE)

_REQUIRES_DIST = re.compile(r"^Requires-Dist:[ \t]*([\w.-]+)", re.MULTILINE)


@lru_cache(maxsize=64)
def _names_in(path: Path, _mtime_ns: int, _size: int) -> frozenset[str]:
    """The names the file's lines start with, lowercased, read once while it is unchanged:
    a lock file of megabytes is asked about many packages."""
    if path.name == "METADATA":  # (its requirements only, not the description below)
        return frozenset(m[1].lower() for m in _REQUIRES_DIST.finditer(_read(path)))
    found: set[str] = set()
    for match in _LINE_NAME.finditer(_read(path)):
        found.add(match[1].lower())
        if match[1].lower() == "name" and match[2]:
            found.add(match[2].lower())
    return frozenset(found)


def app_folders(app_paths: list[str]) -> list[str]:
    """The folders whose dependency and deployment files speak for the apps at `app_paths`:
    each app's and those above it, nearest first, the root ("") last."""
    folders: list[str] = []
    for path in app_paths:
        parts = path.split("/")[:-1]
        folders += ["".join(f"{p}/" for p in parts[:n]) for n in range(len(parts), 0, -1)]
    nearest_first = sorted(set(folders), key=lambda f: (-f.count("/"), f))
    return [*nearest_first, ""]
