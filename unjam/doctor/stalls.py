"""Stalls as the doctor reasons about them: each attributed to the innermost frame of the
app's own code, then grouped by route and blocking line (consecutive requests stall alike).

The probe names a blocking frame by its own rule; the doctor re-derives it with the project's
roots too (the lab's apps live inside unjam's tree), so that a stall inside a library is
charged to the app line that called it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path


def norm_path(path: str | None) -> str | None:
    if not path:
        return None
    if path.startswith("<"):  # `<frozen importlib._bootstrap>`, `<string>`: not a file
        return path
    try:
        return str(Path(path).resolve())
    except OSError:
        return path


@dataclass
class StallGroup:
    """All stalls of one route at one blocking line (consecutive requests stall alike)."""

    route: str | None
    path: str
    line: int
    function: str
    durations_ms: list[float] = field(default_factory=list)
    stack: list[dict] = field(default_factory=list)
    endpoint: str | None = None
    finding_id: str | None = None
    match: str | None = None  # "line", "chain" or "stack"
    startup: bool = False
    freeze: dict | None = None  # the server stopped answering here (liveness.Freeze as JSON)
    in_app: bool = True  # False: no frame of the app on the stack (the server, the OS)
    # load step -> [stall ms, requests of the step]: the cost at the level where it hurt most
    per_step: dict = field(default_factory=dict)

    @property
    def loaded_ms(self) -> float:
        """Stall time in the load steps (the warm-up's one-off costs left out); all of it for
        stalls recorded without a step (start-up, a freeze, synthetic tests)."""
        return sum(ms for ms, _ in self.per_step.values()) if self.per_step else self.total_ms

    @property
    def worst_ms_per_request(self) -> float:
        costs = [ms / requests for ms, requests in self.per_step.values() if requests]
        return max(costs, default=0.0)

    @property
    def total_ms(self) -> float:
        return sum(self.durations_ms)

    @property
    def count(self) -> int:
        return len(self.durations_ms)

    def to_json(self) -> dict:
        return {
            "route": self.route,
            "path": self.path,
            "line": self.line,
            "function": self.function,
            "endpoint": self.endpoint,
            "count": self.count,
            "total_ms": round(self.total_ms, 3),
            "mean_ms": round(self.total_ms / self.count, 3) if self.count else 0.0,
            "max_ms": round(max(self.durations_ms), 3) if self.durations_ms else 0.0,
            "stack": self.stack,
            "finding": self.finding_id,
            "match": self.match,
            "status": "matched" if self.finding_id else "seen only at runtime",
            "startup": self.startup,
            "freeze": self.freeze,
        }


def is_project_file(path: str, project_roots: Iterable[str] = ()) -> bool:
    """The app's own code: the probe's rule (not stdlib, frozen modules, site-packages or
    unjam), and anything under the project's roots outside installed packages (the lab's apps
    live inside unjam's tree), never the probe itself."""
    from unjam.probe.stacks import is_user_file

    if not path or path.startswith("<"):
        return False
    if is_user_file(path):
        return True
    if "site-packages" in path or "dist-packages" in path or path.startswith(_PROBE_DIR):
        return False
    return any(
        root and (path == root or path.startswith(root.rstrip("/") + "/")) for root in project_roots
    )


_PROBE_DIR = str(Path(__file__).resolve().parent.parent / "probe") + "/"


def user_frame(stall: dict, project_roots: Iterable[str] = ()) -> dict:
    """The stall with its blocking frame set to the innermost frame of the app's own code.

    The probe names the innermost frame it considers user code; the doctor re-derives it from
    the stack with the same rule plus the project's roots, so that a stall inside
    `socket.readinto` is attributed to the app line that called the client, and two samples
    of one blocking call land in one group.
    """
    roots = [norm_path(r) or r for r in project_roots]
    stack = stall.get("stack") or []
    for frame in reversed(stack):  # the stack is outermost first
        path = norm_path(frame.get("path")) or ""
        if is_project_file(path, roots):
            if (frame.get("path"), frame.get("line")) == (
                (stall.get("blocking_frame") or {}).get("path"),
                (stall.get("blocking_frame") or {}).get("line"),
            ):
                return stall
            return {
                **stall,
                "blocking_frame": dict(frame),
                "probe_frame": stall.get("blocking_frame"),
            }
    return {**stall, "in_app": False} if stack else stall


def group_stalls(stalls: Iterable[dict], *, startup: bool = False) -> list[StallGroup]:
    groups: dict[tuple, StallGroup] = {}
    for stall in stalls:
        frame = stall.get("blocking_frame") or {}
        path = norm_path(frame.get("path")) or "?"
        line = int(frame.get("line") or 0)
        route = stall.get("route")
        key = (route, path, line, bool(stall.get("freeze")))
        group = groups.get(key)
        if group is None:
            group = groups[key] = StallGroup(
                route=route,
                path=path,
                line=line,
                function=str(frame.get("function") or "?"),
                endpoint=stall.get("endpoint"),
                startup=startup,
                freeze=stall.get("freeze"),
            )
        duration = float(stall.get("duration_ms") or 0.0)
        group.durations_ms.append(duration)
        group.in_app = group.in_app and stall.get("in_app", True)
        if stall.get("step") is not None:
            cost = group.per_step.setdefault(stall["step"], [0.0, stall.get("step_requests", 0)])
            cost[0] += duration
        stack = list(stall.get("stack") or [])
        if len(stack) > len(group.stack):
            group.stack = stack
    return sorted(groups.values(), key=lambda g: -g.total_ms)
