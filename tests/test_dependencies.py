"""Dependencies match use: every third-party module unjam/ imports is declared in
pyproject.toml (a runtime dependency, or the extra of the feature that imports it), and every
declared runtime dependency is imported somewhere — read from the sources with `ast`."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections import defaultdict
from functools import cache
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "unjam"

FIRST_PARTY = {"unjam", "unjam_native"}  # unjam_native: the optional parser built from native/
# Where a feature's own extra may be imported (paths relative to the repository).
FEATURE_EXTRAS = {"unjam/lab/": "lab", "unjam/probe/otel.py": "otel"}
# Modules loaded by a host that is there by construction.
HOSTED = {"unjam/probe/pytest_plugin.py": {"pytest"}}
# Imported inside `try: … except ImportError`: the probed app's own libraries, hooked when
# the app uses them (unjam does not need them, so they are not its dependencies).
APP_LIBRARIES = {"fastapi", "starlette", "anyio", "httpx", "uvicorn"}
# Declared in an extra without being imported, and why.
NOT_IMPORTED = {
    "opentelemetry-sdk": "what a user of unjam[otel] configures to export; unjam calls the API",
}


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    assert match, requirement
    return normalize(match.group(1))


def declared() -> tuple[set[str], dict[str, set[str]]]:
    """(runtime dependency names, extra → names), normalized."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {requirement_name(r) for r in project["dependencies"]}
    extras = {
        extra: {requirement_name(r) for r in requirements}
        for extra, requirements in project.get("optional-dependencies", {}).items()
    }
    return runtime, extras


def _is_type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def _guards_import_error(node: ast.Try) -> bool:
    """Whether a handler of the `try` catches ImportError (by name, or as an Exception)."""
    names = set()
    for handler in node.handlers:
        if handler.type is None:
            return True
        kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        names |= {getattr(kind, "id", None) for kind in kinds}
    return bool(names & {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})


def imports(tree: ast.AST) -> list[tuple[str, bool]]:
    """(top-level module, guarded by `except ImportError`) for each absolute import that runs
    (not under `if TYPE_CHECKING:`)."""
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, guarded: bool) -> None:
        if _is_type_checking(node):
            for child in getattr(node, "orelse", []):
                visit(child, guarded)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name.split(".")[0], guarded) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module.split(".")[0], guarded))
        if isinstance(node, (ast.Try, ast.TryStar)) and _guards_import_error(node):
            for child in node.body:
                visit(child, True)
            for child in [*node.handlers, *node.orelse, *node.finalbody]:
                visit(child, guarded)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    visit(tree, False)
    return found


@cache
def third_party_imports() -> dict[str, list[tuple[str, bool]]]:
    """Top-level module → [(file relative to the repository, guarded)] over unjam/."""
    out: dict[str, list[tuple[str, bool]]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        for module, guarded in imports(ast.parse(path.read_text(), str(path))):
            if module not in sys.stdlib_module_names and module not in FIRST_PARTY:
                out[module].append((relative, guarded))
    return out


@cache
def _installed() -> dict[str, list[str]]:
    return packages_distributions()


def distributions(module: str) -> set[str]:
    return {normalize(d) for d in _installed().get(module, [])}


def undeclared_imports() -> list[str]:
    runtime, extras = declared()
    problems: list[str] = []
    for module, places in third_party_imports().items():
        dists = distributions(module)
        if not dists:
            problems.append(f"{module}: no installed distribution provides it")
            continue
        for place, guarded in places:
            allowed = set(runtime)
            for prefix, extra in FEATURE_EXTRAS.items():
                if place.startswith(prefix):
                    allowed |= extras[extra]
            if dists & allowed or module in HOSTED.get(place, ()):
                continue
            if guarded and module in APP_LIBRARIES:
                continue
            problem = f"{place} imports {module} ({', '.join(sorted(dists))}): undeclared"
            if problem not in problems:
                problems.append(problem)
    return problems


def test_every_third_party_import_is_declared():
    assert undeclared_imports() == []


def test_every_runtime_dependency_and_feature_extra_is_imported():
    """A feature extra's packages are imported by that feature's files."""
    runtime, extras = declared()
    imported: set[str] = set()
    by_feature: dict[str, set[str]] = defaultdict(set)
    for module, places in third_party_imports().items():
        imported |= distributions(module)
        for place, _ in places:
            for prefix, extra in FEATURE_EXTRAS.items():
                if place.startswith(prefix):
                    by_feature[extra] |= distributions(module)
    unused = sorted(runtime - imported)
    for extra in sorted(set(FEATURE_EXTRAS.values())):
        unused += [f"[{extra}] {name}" for name in sorted(extras[extra] - by_feature[extra])]
    assert [name for name in unused if name.split()[-1] not in NOT_IMPORTED] == []


def test_tests_and_benchmarks_import_only_what_some_extra_declares():
    """Their own helpers and apps aside (put on sys.path by the tests), what the tests and
    benchmarks import is a runtime dependency or in an extra (`dev` pulls in the others)."""
    runtime, extras = declared()
    allowed = runtime.union(*extras.values())
    files = [
        path
        for folder in ("tests", "benchmarks")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if not {"corpus", ".cache"} & set(path.relative_to(ROOT).parts)
    ]
    local = {path.stem for path in files} | {path.parent.name for path in files}
    problems = []
    for path in files:
        for module, _ in imports(ast.parse(path.read_text(), str(path))):
            if module in sys.stdlib_module_names or module in FIRST_PARTY | local:
                continue
            if not distributions(module) & allowed:
                problems.append(f"{path.relative_to(ROOT)} imports {module}: undeclared")
    assert problems == []


def test_the_reader_sees_what_it_must(tmp_path):
    """The checks above can fail: guarded, TYPE_CHECKING and function-level imports are
    told apart, and an undeclared import or an unused dependency is reported."""
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "import rich.console\n"
        "if TYPE_CHECKING:\n    import libcst\nelse:\n    import jinja2\n"
        "def f():\n    try:\n        import fastapi.routing\n    except ImportError:\n"
        "        import anyio\n    from . import sibling\n    from hdrh.histogram import H\n"
    )
    assert imports(tree) == [
        ("typing", False),
        ("rich", False),
        ("jinja2", False),
        ("fastapi", True),
        ("anyio", False),
        ("hdrh", False),
    ]
    assert requirement_name("moto[server,sqs]>=5.0") == "moto"
    assert requirement_name("prometheus_client>=0.20; sys_platform != 'win32'") == (
        "prometheus-client"
    )
    assert distributions("hdrh") == {"hdrhistogram"}
