"""From measurements to the report, with no I/O: correlate stalls with findings, model each
route's capacity, rank the causes, and build the report.

`pipeline.run_doctor` measures; this turns what it measured (or a test's synthetic
measurements) into the version-1 report documented in docs/doctor.md.
"""

from __future__ import annotations

import datetime as dt

from unjam.doctor import report as report_mod
from unjam.doctor.capacity import route_capacity
from unjam.doctor.correlate import correlate
from unjam.doctor.options import DoctorOptions
from unjam.doctor.rank import rank
from unjam.doctor.stalls import StallGroup, group_stalls, user_frame
from unjam.doctor.static import StaticResult, align_routes, endpoint_for


def analyse(
    *,
    opts: DoctorOptions,
    static: StaticResult,
    startup: dict,
    plan,
    runs: dict[str, dict],
    threadpool_timeline: list,
    wall_s: float,
) -> dict:
    """From measurements to the report: correlate, model capacity, rank (no I/O)."""
    total_tokens = _total_tokens(runs, startup)
    findings = static.findings
    align_routes(findings, [*runs, *(route for route, _ in plan.skipped)])
    roots = [str(opts.app_dir.resolve()), str(static.source_dir)]
    groups = stall_groups(startup, runs, roots)
    correlation = correlate(findings, groups, runs)
    capacities = {
        route: route_capacity(
            run, total_tokens=total_tokens, plan=endpoint_for(route, static.routes)
        )
        for route, run in runs.items()
    }
    ranked = rank(
        findings, correlation.statuses, groups, runs, capacities, static.endpoints, static.routes
    )
    return report_mod.build(
        opts=opts,
        static=static,
        plan=plan,
        runs=runs,
        capacities=capacities,
        correlation=correlation,
        ranked=ranked,
        threadpool_timeline=threadpool_timeline,
        total_tokens=total_tokens,
        probe=probe_health(startup, runs),
        wall_s=wall_s,
        created_at=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    )


def stall_groups(startup: dict, runs: dict[str, dict], roots: list[str]) -> list[StallGroup]:
    """Every stall grouped by route and blocking line: start-up's, each valid step's, and
    each freeze as a stall of its own."""
    groups = group_stalls(
        [user_frame(stall, roots) for stall in startup.get("stalls") or []], startup=True
    )
    return groups + group_stalls(
        [
            user_frame(
                {
                    **stall,
                    # a background task's stall is the task's (the probe names the route
                    # that scheduled it when it knows), not the route under load
                    "route": stall.get("route") or (None if stall.get("task") else route),
                    "endpoint": stall.get("endpoint") or stall.get("task"),
                    # the warm-up's few requests pay one-off costs: not a level's cost
                    "step": (route, index) if step.get("phase") != "warmup" else None,
                    "step_requests": step.get("requests") or 0,
                },
                roots,
            )
            for route, run in runs.items()
            for index, step in enumerate(run["steps"])
            if not step.get("invalid")  # a frozen step's stalls are the freeze's, below
            for stall in step["stalls"]
        ]
        + [
            freeze_stall(route, run["frozen"], roots)
            for route, run in runs.items()
            if run.get("frozen")
        ]
    )


def freeze_stall(route: str, freeze: dict, roots: list[str]) -> dict:
    """A freeze as a stall of its own (grouped and matched to findings like any stall)."""
    stall = {
        "route": route,
        "duration_ms": float(freeze.get("waited_s") or 0.0) * 1000.0,
        "blocking_frame": freeze.get("frame") or {"path": "?", "line": 0, "function": "?"},
        "stack": freeze.get("stack") or [],
        "freeze": freeze,
    }
    return user_frame(stall, roots)


def probe_health(startup: dict, runs: dict[str, dict]) -> dict:
    """The probe's own block at start-up, with the errors and warnings of every step added:
    a probe that failed inside explains missing stalls better than any model."""
    probe = dict(startup.get("probe") or {})
    warnings = list(probe.get("warnings") or [])
    errors = int(probe.get("errors") or 0)
    for run in runs.values():
        for step in run["steps"]:
            seen = step.get("probe") or {}
            errors = max(errors, int(seen.get("errors") or 0))
            warnings += [w for w in seen.get("warnings") or [] if w not in warnings]
    probe["errors"], probe["warnings"] = errors, warnings
    return probe


def _total_tokens(runs: dict[str, dict], startup: dict) -> int:
    for run in runs.values():
        for step in run["steps"]:
            tokens = (step.get("threadpool") or {}).get("total_tokens")
            if tokens:
                return int(tokens)
    return int((startup.get("threadpool") or {}).get("total_tokens") or 40)
