"""Step 1 of the doctor: the static findings for the app being diagnosed.

`unjam check` runs in a subprocess with `--format json` (its public contract), so the doctor
depends on the analyzer's output, not on its internals, and a crash in one does not take the
other down. An app module often shares its source tree with other apps (the lab's variants all
serve `POST /webhooks/invoice`), so the analyzer is given exactly the modules the app imports
— its *import closure*, computed here from the AST — and no other app's entry points. No library resolves imports without executing the code and without wandering
into the standard library and site-packages (modulefinder does both), hence the small walker.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from unjam.errors import BadInput


@dataclass
class StaticResult:
    """What `unjam check` said about the app's source, paths made absolute."""

    source_dir: Path
    findings: list[dict] = field(default_factory=list)
    summary: dict = field(default_factory=dict)
    error: str | None = None
    dropped: int = 0  # findings from modules the app does not import
    endpoints: dict[str, dict] = field(default_factory=dict)  # route -> endpoint definition


def locate_module(module: str, roots: list[Path]) -> Path:
    """The file of a dotted module name, found without importing it."""
    parts = module.split(".")
    for root in roots:
        base = root.joinpath(*parts)
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            if candidate.is_file():
                return candidate.resolve()
    raise BadInput(
        f"cannot find module {module!r} under {', '.join(str(r) for r in roots)}; "
        "run from the project root or pass --app-dir"
    )


def module_root(module: str, module_file: Path) -> Path:
    """The directory the dotted name is relative to (the import root)."""
    depth = module.count(".") + (1 if module_file.name == "__init__.py" else 0)
    root = module_file.parent
    for _ in range(depth):
        root = root.parent
    return root


def _resolve(name: str, root: Path) -> Path | None:
    base = root.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate.resolve()
    return None


def _module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_closure(module_file: Path, root: Path, exclude: tuple[Path, ...] = ()) -> set[Path]:
    """Every source file under `root` reachable by imports from `module_file` (no execution).

    Files under `exclude` are neither included nor followed (unjam's own probe, which every
    served app imports through the instrumentation, is not part of the app).
    """
    root = root.resolve()
    excluded = [e.resolve() for e in exclude]
    seen: set[Path] = set()
    todo = [module_file.resolve()]
    while todo:
        path = todo.pop()
        if path in seen or any(path.is_relative_to(e) for e in excluded):
            continue
        seen.add(path)
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
            name = _module_name(path, root)
        except (SyntaxError, ValueError, OSError):
            continue
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".") if package else []
                    anchor = anchor[: len(anchor) - (node.level - 1)] if node.level > 1 else anchor
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                # `import a.b.c` also runs a/__init__ and a/b/__init__.
                pieces = target.split(".")
                for i in range(1, len(pieces) + 1):
                    found = _resolve(".".join(pieces[:i]), root)
                    if found is not None and found not in seen:
                        todo.append(found)
    return seen


def run_check(paths: list[Path], timeout: float = 300.0) -> tuple[list[dict], dict, str | None]:
    """Run `unjam check --format json PATHS...`; returns (findings, summary, error)."""
    # --no-context: exactly these files (not the rest of a project they belong to), paths
    # relative to them (`check_root`)
    argv = [sys.executable, "-m", "unjam", "check", "--no-context", "--format", "json"]
    argv += map(str, paths)
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return [], {}, f"unjam check did not finish within {timeout:.0f}s"
    if done.returncode not in (0, 1, 3) or (done.returncode == 3 and not done.stdout):
        # (3 with a report: some files could not be parsed; they are listed in it)
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return [], {}, f"unjam check exited {done.returncode}: {tail}"
    try:
        data = json.loads(done.stdout)
    except json.JSONDecodeError:
        return [], {}, "unjam check printed something that is not JSON"
    return list(data.get("findings", [])), dict(data.get("summary", {})), None


def check_root(paths: list[Path]) -> Path:
    """The directory `unjam check` makes finding paths relative to for these paths."""
    if len(paths) == 1:
        only = paths[0].resolve()
        return only if only.is_dir() else only.parent
    return Path(os.path.commonpath([str(p.resolve()) for p in paths]))


def absolutize(finding: dict, source_dir: Path) -> dict:
    """A copy of a finding with `abs_path` on it, its entry and each chain step."""

    def absolute(rel: str | None) -> str | None:
        if not rel:
            return None
        path = Path(rel)
        return str((path if path.is_absolute() else source_dir / path).resolve())

    out = dict(finding)
    out["abs_path"] = absolute(finding.get("path"))
    entry = dict(finding.get("entry") or {})
    entry["abs_path"] = absolute(entry.get("path"))
    out["entry"] = entry
    out["chain"] = [
        {**step, "abs_path": absolute(step.get("path"))} for step in finding.get("chain") or []
    ]
    return out


# Past this many modules, checking the tree is simpler than naming every file.
MAX_NAMED_FILES = 400


def static_findings(module: str, module_file: Path, source_dir: Path | None = None) -> StaticResult:
    """Findings of `unjam check` on the app's own modules.

    By default the files checked are exactly the app module's import closure, so entry points
    of other apps sharing the tree (the lab's variants) cannot leak in; with `source_dir` the
    whole tree is checked and findings are kept when their entry point is in the closure.
    """
    import unjam.probe

    exclude = (Path(unjam.probe.__file__).parent,)
    closure = import_closure(module_file, module_root(module, module_file), exclude)
    if source_dir is None and len(closure) <= MAX_NAMED_FILES:
        paths = sorted(closure)
    else:
        paths = [source_dir or module_root(module, module_file)]
    root = check_root(paths)
    findings, summary, error = run_check(paths)
    result = StaticResult(
        source_dir=root, summary=summary, error=error, endpoints=endpoint_locations(sorted(closure))
    )
    names = {str(p) for p in closure}
    for raw in findings:
        finding = absolutize(raw, root)
        entry_file = finding["entry"].get("abs_path") or finding["abs_path"]
        if entry_file in names:
            result.findings.append(finding)
        else:
            result.dropped += 1
    for index, finding in enumerate(result.findings, start=1):
        finding["id"] = f"F{index}"
    return result


ROUTE_DECORATORS = {"get", "post", "put", "patch", "delete", "head", "options", "api_route"}


def endpoint_locations(files: list[Path]) -> dict[str, dict]:
    """ "METHOD /path" -> where its endpoint is defined, from route decorators in the source.

    Only for naming a place in runtime-only causes (the thread pool's time has no stack): a
    literal `@app.get("/x")` / `@router.post("/x")` with the router's literal `prefix=`.
    Routes mounted under an `include_router(prefix=...)` are matched by their path's suffix.
    """
    found: dict[str, dict] = {}
    for path in files:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except (SyntaxError, ValueError, OSError):
            continue
        prefixes: dict[str, str] = {}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
            ):
                for keyword in node.value.keywords:
                    if keyword.arg == "prefix" and isinstance(keyword.value, ast.Constant):
                        prefixes[node.targets[0].id] = str(keyword.value.value)
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for decorator in node.decorator_list:
                if not (
                    isinstance(decorator, ast.Call)
                    and isinstance(decorator.func, ast.Attribute)
                    and decorator.func.attr in ROUTE_DECORATORS
                    and decorator.args
                    and isinstance(decorator.args[0], ast.Constant)
                ):
                    continue
                owner = decorator.func.value
                prefix = prefixes.get(owner.id, "") if isinstance(owner, ast.Name) else ""
                methods = [decorator.func.attr.upper()]
                if decorator.func.attr == "api_route":
                    methods = ["GET"]
                    for keyword in decorator.keywords:
                        if keyword.arg == "methods" and isinstance(
                            keyword.value, ast.List | ast.Tuple
                        ):
                            methods = [
                                str(e.value).upper()
                                for e in keyword.value.elts
                                if isinstance(e, ast.Constant)
                            ]
                for method in methods:
                    found[f"{method} {prefix}{decorator.args[0].value}"] = {
                        "path": str(path.resolve()),
                        "line": node.lineno,
                        "function": node.name,
                        "async": isinstance(node, ast.AsyncFunctionDef),
                    }
    return found


def endpoint_for(route: str, locations: dict[str, dict]) -> dict | None:
    if route in locations:
        return locations[route]
    method, _, path = route.partition(" ")
    suffixed = [
        k for k in locations if k.startswith(method + " ") and path.endswith(k.split(" ", 1)[1])
    ]
    return locations[max(suffixed, key=len)] if suffixed else None
