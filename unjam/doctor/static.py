"""Step 1 of the doctor: the static findings and route execution plans of the app diagnosed.

The analyser runs in-process through its public function (`unjam.analysis.api.analyze`),
which returns typed findings and, per route, the pieces FastAPI runs to serve it (the capacity
model's input). It is given the app's package (or directory) and keeps what the app module
imports, with the analyser's own import rules: the lab's variants share a tree, and each
serves `POST /webhooks/invoice`. The findings become the report's JSON records here, with
absolute paths and an id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from unjam.errors import BadInput
from unjam.model import UNREAD_PREFIX, RouteExecution


@dataclass
class StaticResult:
    """What the analyser said about the app's source, paths made absolute."""

    source_dir: Path
    findings: list[dict] = field(default_factory=list)
    summary: dict = field(default_factory=dict)
    error: str | None = None
    dropped: int = 0  # findings from modules the app does not import
    routes: dict[str, RouteExecution] = field(default_factory=dict)  # route -> execution plan

    @property
    def endpoints(self) -> dict[str, dict]:
        """route -> where its endpoint is defined (for causes the measurement alone found)."""
        out = {}
        for route, plan in self.routes.items():
            endpoint = plan.endpoint
            if endpoint is not None:
                out[route] = {
                    "path": str((self.source_dir / endpoint.path).resolve()),
                    "line": endpoint.line,
                    "function": endpoint.name,
                    "async": endpoint.context.value == "event-loop",
                }
        return out


def locate_module(module: str, roots: list[Path]) -> Path:
    """The file of a dotted module name, found without importing it."""
    parts = module.split(".")
    for root in roots:
        base = root.joinpath(*parts)
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            if candidate.is_file():
                return candidate.resolve()
    installed = _installed_module(module)
    if installed is not None:
        return installed
    raise BadInput(
        f"cannot find module {module!r} under {', '.join(str(r) for r in roots)}; "
        "run from the project root or pass --app-dir"
    )


def _installed_module(module: str) -> Path | None:
    """An installed package's module (an editable install has no directory on sys.path):
    its spec, found by importing its parent packages only, never the module itself."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    origin = getattr(spec, "origin", None)
    return Path(origin).resolve() if origin and origin.endswith(".py") else None


def module_root(module: str, module_file: Path) -> Path:
    """The directory the dotted name is relative to (the import root)."""
    depth = module.count(".") + (1 if module_file.name == "__init__.py" else 0)
    root = module_file.parent
    for _ in range(depth):
        root = root.parent
    return root


def absolutize(finding: dict, source_dir: Path) -> dict:
    """A copy of a finding's JSON with `abs_path` on it, its entry and each chain step."""

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


def static_findings(module: str, module_file: Path, source_dir: Path | None = None) -> StaticResult:
    """Findings and execution plans of the app's own modules.

    By default the tree analysed is the app's top-level package (or, for a lone module, its
    directory) and what the module imports from it is kept; with `source_dir` that tree is
    analysed instead, with the same filter.
    """
    from unjam.analysis.api import analyze

    root = module_root(module, module_file)
    top = root / module.split(".")[0]
    tree = source_dir or (top if top.is_dir() else root)
    checked = analyze([tree], app_module=module, root=root)
    result = StaticResult(
        source_dir=checked.root,
        summary={
            "files": checked.files,
            "unparsed": len(checked.unparsed),
            "seconds": round(checked.seconds, 3),
        },
        routes=checked.routes,
    )
    for index, finding in enumerate(checked.findings, start=1):
        record = absolutize(finding.to_json(), checked.root)
        record["id"] = f"F{index}"
        result.findings.append(record)
    return result


def endpoint_for(route: str, locations: dict[str, dict]) -> dict | None:
    """Where `route`'s endpoint is; routes mounted under a prefix match by their path's end."""
    if route in locations:
        return locations[route]
    method, _, path = route.partition(" ")
    suffixed = [
        k
        for k in locations
        if k.startswith(method + " ") and _known_end(k) and path.endswith(_known_end(k))
    ]
    return locations[max(suffixed, key=len)] if suffixed else None


def _known_end(label: str) -> str:
    """The path of a route label past a prefix the analyser could not read ("GET …/items")."""
    return label.partition(" ")[2].removeprefix(UNREAD_PREFIX)


def align_routes(findings: list[dict], served: list[str]) -> None:
    """Give findings the route keys the server uses: the analyser cannot always read a
    router's prefix (`prefix=settings.API_V1_STR`), so "GET …/items/" is the served
    "GET /api/v1/items/" when that is the only served route ending so."""
    for finding in findings:
        entry = finding.get("entry") or {}
        route = entry.get("route")
        if not route or route in served:
            continue
        method, path = route.partition(" ")[0], _known_end(route)
        hits = [r for r in served if r.startswith(method + " ") and r.endswith(path)]
        if len(hits) == 1 and path not in ("", "/"):
            entry["route"] = hits[0]
