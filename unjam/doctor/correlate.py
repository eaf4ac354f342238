"""Join what `unjam check` predicted with what the probe saw under load.

A static finding is a guess until a measurement backs it; a runtime stall is a symptom until
it has a cause. The join key is the source line: a stall's blocking frame (the innermost frame
in the user's own code) matches a finding when it is the finding's own line or any line of its
call chain. Stalls that match nothing are "seen only at runtime" — what the analyzer missed.
Thread-pool findings are confirmed by measured token waiting on their route, per-request
client findings by the measured time of their dependency.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

CONFIRMED = "confirmed"
NOT_CONFIRMED = "not confirmed"
NOT_EXERCISED = "not exercised"

# A route "waited for the pool" when a request waited at least this long for a token.
POOL_WAIT_EVIDENCE_MS = 1.0
# A dependency "costs" something when its median time per request is at least this.
DEPENDENCY_EVIDENCE_MS = 1.0


def _norm(path: str | None) -> str | None:
    if not path:
        return None
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
        }


def library_dirs() -> list[str]:
    """Directories whose frames are never "your code": the interpreter's and installed packages',
    and unjam's own probe (it is on every stack, as the outermost middleware)."""
    import sysconfig

    import unjam.probe

    paths = sysconfig.get_paths()
    dirs = {paths[key] for key in ("stdlib", "platstdlib", "purelib", "platlib") if key in paths}
    dirs.add(str(Path(unjam.probe.__file__).parent))
    return sorted(str(Path(d).resolve()) for d in dirs)


def _is_library(path: str, libraries: list[str]) -> bool:
    if not path or path.startswith("<") or "site-packages" in path or "dist-packages" in path:
        return True
    return any(path == lib or path.startswith(lib + "/") for lib in libraries)


def user_frame(stall: dict, libraries: list[str]) -> dict:
    """The stall with its blocking frame set to the innermost frame of the app's own code.

    The probe names the innermost frame it considers user code; the doctor re-derives it from
    the stack with its own rule (not the interpreter's library, not an installed package, not
    the probe) so that a stall inside `socket.readinto` is attributed to the app line that
    called the client, and two samples of one blocking call land in one group.
    """
    stack = stall.get("stack") or []
    for frame in reversed(stack):  # the stack is outermost first
        path = _norm(frame.get("path")) or ""
        if not _is_library(path, libraries):
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
    return stall


def group_stalls(stalls: Iterable[dict], *, startup: bool = False) -> list[StallGroup]:
    groups: dict[tuple, StallGroup] = {}
    for stall in stalls:
        frame = stall.get("blocking_frame") or {}
        path = _norm(frame.get("path")) or "?"
        line = int(frame.get("line") or 0)
        route = stall.get("route")
        key = (route, path, line)
        group = groups.get(key)
        if group is None:
            group = groups[key] = StallGroup(
                route=route,
                path=path,
                line=line,
                function=str(frame.get("function") or "?"),
                endpoint=stall.get("endpoint"),
                startup=startup,
            )
        group.durations_ms.append(float(stall.get("duration_ms") or 0.0))
        stack = list(stall.get("stack") or [])
        if len(stack) > len(group.stack):
            group.stack = stack
    return sorted(groups.values(), key=lambda g: -g.total_ms)


def _finding_lines(finding: dict) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    own = {(_norm(finding.get("abs_path")), int(finding.get("line") or 0))}
    chain = {(_norm(step.get("abs_path")), int(step.get("line") or 0)) for step in finding["chain"]}
    entry = finding.get("entry") or {}
    chain.add((_norm(entry.get("abs_path")), int(entry.get("line") or 0)))
    return own, chain


def match_stall(group: StallGroup, findings: list[dict]) -> tuple[dict | None, str | None]:
    """The finding a stall group belongs to, and how it matched; loop findings first."""
    candidates = [f for f in findings if f.get("blocks_loop", True)] + [
        f for f in findings if not f.get("blocks_loop", True)
    ]
    stack_lines = {(_norm(fr.get("path")), int(fr.get("line") or 0)) for fr in group.stack}
    for how in ("line", "chain", "stack"):
        hits = []
        for finding in candidates:
            own, chain = _finding_lines(finding)
            if how == "line":
                hit = (group.path, group.line) in own
            elif how == "chain":
                hit = (group.path, group.line) in chain
            else:
                hit = bool(own & stack_lines)
            if hit:
                hits.append(finding)
        if hits:
            same_route = [f for f in hits if (f.get("entry") or {}).get("route") == group.route]
            return (same_route or hits)[0], how
    return None, None


def _dependency_ms(route_stats: dict, entry_name: str) -> float | None:
    """Median ms of the probe's `dep:<name>` phase that matches a finding's entry point."""
    short = entry_name.split(".")[0] if entry_name else ""
    for phase, stats in (route_stats.get("phases_ms") or {}).items():
        if not phase.startswith("dep:"):
            continue
        name = phase[4:]
        if name and (name in (entry_name, short) or name.split(".")[-1] == short):
            return float((stats or {}).get("p50") or 0.0)
    return None


@dataclass
class Correlation:
    groups: list[StallGroup]
    statuses: dict[str, dict]  # finding id -> {"status", "evidence"}


def correlate(
    findings: list[dict],
    stall_groups: list[StallGroup],
    route_runs: dict[str, dict],
) -> Correlation:
    """Match stalls to findings and mark each finding confirmed / not confirmed / not exercised.

    `route_runs` maps each measured route to its measurement (see `measure.py`): its steps
    carry the probe's per-step route stats and thread-pool figures.
    """
    for group in stall_groups:
        finding, how = match_stall(group, findings)
        if finding is not None:
            group.finding_id, group.match = finding["id"], how

    statuses: dict[str, dict] = {}
    for finding in findings:
        fid = finding["id"]
        entry = finding.get("entry") or {}
        route = entry.get("route")
        matched = [g for g in stall_groups if g.finding_id == fid]
        if matched:
            total = sum(g.total_ms for g in matched)
            count = sum(g.count for g in matched)
            where = "at start-up" if all(g.startup for g in matched) else "under load"
            statuses[fid] = {
                "status": CONFIRMED,
                "evidence": f"{count} loop stall(s) {where}, {total:.0f} ms in all, "
                f"blocking at {Path(matched[0].path).name}:{matched[0].line}",
            }
            continue
        runs = [route_runs[route]] if route in route_runs else []
        if route is None and finding.get("code") in ("UJ004", "UJ006"):
            runs = list(route_runs.values())  # app-wide: every measured route exercises it
        if not runs:
            why = (
                "runs only at start-up; no stall was seen there"
                if entry.get("context") == "startup"
                else f"route {route} was not measured"
                if route
                else "not tied to a measured route"
            )
            statuses[fid] = {"status": NOT_EXERCISED, "evidence": why}
            continue
        statuses[fid] = _runtime_evidence(finding, runs)
    return Correlation(groups=stall_groups, statuses=statuses)


def _runtime_evidence(finding: dict, runs: list[dict]) -> dict:
    code = finding.get("code")
    entry = finding.get("entry") or {}
    steps = [step for run in runs for step in run.get("steps", [])]
    requests = sum(step.get("requests", 0) for step in steps)
    if requests == 0:
        return {"status": NOT_EXERCISED, "evidence": "no request of its route succeeded"}
    if code == "UJ004":
        return {
            "status": NOT_CONFIRMED,
            "evidence": f"{requests} requests passed through it; the probe does not time "
            "middleware apart from the rest of the request, so its cost is not isolated",
        }
    pool_like = code in ("UJ005", "UJ006") or entry.get("context") == "thread-pool"
    if code == "UJ003":
        # The dependency's own cost, where nothing queues: the lowest concurrency measured.
        # Under load its time also holds the wait for a thread-pool token and for the loop.
        name = str(entry.get("name") or "")
        timed = [
            (step.get("concurrency") or 0, _dependency_ms(step.get("route_stats") or {}, name))
            for step in steps
            if step.get("phase") == "sweep"
        ]
        timed = [(level, ms) for level, ms in timed if ms is not None]
        if timed:
            level, ms = min(timed)
            if ms >= DEPENDENCY_EVIDENCE_MS:
                return {
                    "status": CONFIRMED,
                    "evidence": f"dependency {name} took {ms:.1f} ms per request (median at "
                    f"{level} concurrent)",
                    "dependency_ms": ms,
                }
    if pool_like or code == "UJ003":
        waits = [
            float(((step.get("route_stats") or {}).get("threadpool_wait_ms") or {}).get("p99") or 0)
            for step in steps
        ]
        max_waiting = max(
            int((step.get("threadpool") or {}).get("max_waiting") or 0) for step in steps
        )
        worst = max(waits) if waits else 0.0
        exhausted = any(
            (step.get("threadpool") or {}).get("max_borrowed", 0)
            >= ((step.get("threadpool") or {}).get("total_tokens") or 40)
            for step in steps
        )
        # Waiting for a token, not just for a thread to be scheduled: the pool ran out.
        if worst >= POOL_WAIT_EVIDENCE_MS and (max_waiting > 0 or exhausted):
            return {
                "status": CONFIRMED,
                "evidence": f"requests waited up to {worst:.0f} ms (p99) for a thread-pool "
                f"token; up to {max_waiting} waiting at once",
                "wait_p99_ms": worst,
            }
        return {
            "status": NOT_CONFIRMED,
            "evidence": f"{requests} requests measured; the pool never ran out of tokens at "
            "the levels tried",
        }
    return {
        "status": NOT_CONFIRMED,
        "evidence": f"{requests} requests measured; no stall at this line or its call chain",
    }
