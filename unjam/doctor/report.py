"""The doctor's report: one JSON document (versioned, documented in docs/doctor.md) from which
the HTML page, the terminal summary and `unjam diff` are all rendered.
"""

from __future__ import annotations

import json
from pathlib import Path

from unjam import __version__ as UNJAM_VERSION
from unjam.doctor.cause import RUNTIME_ONLY, RankedCause
from unjam.doctor.correlate import CONFIRMED, NOT_CONFIRMED, NOT_EXERCISED

REPORT_VERSION = 1


def headline(run: dict, capacity: dict) -> dict:
    """The figures `unjam diff` compares: ceiling throughput, and latency with no queue."""
    sweep = [s for s in run.get("steps", []) if s.get("phase") == "sweep" and s.get("ok")]
    lowest = min(sweep, key=lambda s: s.get("concurrency") or 0) if sweep else {}
    latency = lowest.get("latency_ms") or {}
    best = max(sweep, key=lambda s: s.get("throughput_rps") or 0.0) if sweep else {}
    repeats = [
        s
        for s in run.get("steps", [])
        if s.get("phase") == "repeat"
        and s.get("ok")
        and s.get("concurrency") == lowest.get("concurrency")
    ]
    return {
        "throughput_rps": capacity.get("measured_rps") or 0.0,
        "latency_p50_ms": latency.get("p50"),
        "latency_p99_ms": latency.get("p99"),
        "at_concurrency": lowest.get("concurrency"),
        # what the same measurement varies by within this run (for `unjam diff`)
        "throughput_noise": _throughput_noise(best, lowest, repeats),
        "p99_range_ms": _p99_range([lowest, *repeats]),
        "failing": bool(run.get("failing") or run.get("frozen")),
    }


def _throughput_noise(best: dict, lowest: dict, repeats: list[dict]) -> float | None:
    """Relative spread of throughput: across the best step's windows, or between the two
    rounds of the lowest level (the drift of the machine's load), whichever is larger."""
    spreads = [(best.get("noise") or {}).get("throughput")]
    for repeat in repeats:
        a, b = lowest.get("throughput_rps") or 0.0, repeat.get("throughput_rps") or 0.0
        if a + b > 0:
            spreads.append(abs(a - b) / ((a + b) / 2) / 2**0.5)
    known = [s for s in spreads if s is not None]
    return round(max(known), 4) if known else None


def _p99_range(steps: list[dict]) -> list[float] | None:
    """Where the unloaded p99 lies, over the rounds of the lowest level."""
    ranges = [(s.get("noise") or {}).get("p99_range") for s in steps]
    ranges = [r for r in ranges if r]
    if not ranges:
        return None
    return [min(r[0] for r in ranges), max(r[1] for r in ranges)]


def build(
    *,
    opts,
    static,
    plan,
    runs: dict[str, dict],
    capacities: dict[str, dict],
    correlation,
    ranked: list[RankedCause],
    threadpool_timeline: list,
    total_tokens: int,
    probe: dict,
    wall_s: float,
    created_at: str,
) -> dict:
    findings = []
    for finding in static.findings:
        status = correlation.statuses.get(finding["id"], {})
        findings.append(
            {
                **finding,
                "status": status.get("status", NOT_EXERCISED),
                "evidence": status.get("evidence", ""),
            }
        )
    stalls = [group.to_json() for group in correlation.groups]
    routes = {}
    for route, run in runs.items():
        capacity = capacities[route]
        # Each stall's full stack is kept once per group in "stalls"; steps keep the rest.
        steps = [
            {**step, "stalls": [_slim(stall) for stall in step.get("stalls") or []]}
            for step in run.get("steps", [])
        ]
        routes[route] = {
            **run,
            "steps": steps,
            "capacity": capacity,
            "headline": headline(run, capacity),
        }
    counts = {
        state: sum(1 for f in findings if f["status"] == state)
        for state in (CONFIRMED, NOT_CONFIRMED, NOT_EXERCISED)
    }
    t0 = threadpool_timeline[0][0] if threadpool_timeline else 0.0
    pool_rows = [[round(row[0] - t0, 3), row[1], row[2], row[3]] for row in threadpool_timeline]
    from unjam.doctor.step_record import downsample

    return {
        "version": REPORT_VERSION,
        "tool": {"name": "unjam", "version": UNJAM_VERSION},
        "app": opts.app,
        "created_at": created_at,
        "wall_s": round(wall_s, 2),
        "settings": {
            "per_route_s": opts.budget.per_route_s,
            "levels": list(opts.budget.levels),
            "slo_p99_ms": opts.budget.slo_p99_ms,
            "knee": opts.budget.knee,
            "targets_file": str(opts.targets_file) if opts.targets_file else None,
            "uvicorn_args": list(opts.uvicorn_args),
        },
        "static": {
            "source_dir": str(static.source_dir),
            "files": static.summary.get("files"),
            "unparsed": static.summary.get("unparsed"),
            "seconds": static.summary.get("seconds"),
            "findings": len(static.findings),
            "dropped_outside_app": static.dropped,
            "error": static.error,
        },
        "probe": probe or {},
        "summary": {
            "routes_measured": len(routes),
            "routes_frozen": sum(1 for run in runs.values() if run.get("frozen")),
            "routes_skipped": len(plan.skipped),
            "findings": len(findings),
            "confirmed": counts[CONFIRMED],
            "not_confirmed": counts[NOT_CONFIRMED],
            "not_exercised": counts[NOT_EXERCISED],
            "runtime_only_stalls": sum(
                1 for cause in ranked if cause.status == RUNTIME_ONLY and not cause.minor
            ),
            "minor_stalls": sum(1 for cause in ranked if cause.minor),
            "warmup_costs": sum(1 for cause in ranked if cause.warmup),
            "top": next((cause.message for cause in ranked if not cause.minor), None),
        },
        "routes": routes,
        "skipped_routes": [{"route": r, "reason": why} for r, why in plan.skipped],
        "findings": findings,
        "stalls": stalls,
        "ranked": [cause.to_json() for cause in ranked],
        "threadpool": {"total_tokens": total_tokens, "timeline": downsample(pool_rows, 800)},
    }


def _slim(stall: dict) -> dict:
    return {key: value for key, value in stall.items() if key != "stack"}


def write(report: dict, out: Path) -> tuple[Path, Path]:
    from unjam.doctor.html import render_html

    out.mkdir(parents=True, exist_ok=True)
    json_path = out / "report.json"
    json_path.write_text(json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")
    html_path = out / "report.html"
    html_path.write_text(render_html(report), encoding="utf-8")
    return json_path, html_path


def load(path: Path) -> dict:
    """Read a report; `BadInput` (exit 3) when missing, not JSON, or not a doctor report."""
    from unjam.errors import BadInput

    if not path.is_file():
        raise BadInput(f"report {path} does not exist; run `unjam run` first")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as err:
        raise BadInput(f"report {path} is not JSON: {err}") from None
    if not isinstance(data, dict) or data.get("version") != REPORT_VERSION:
        raise BadInput(f"report {path} is not an unjam run report (version {REPORT_VERSION})")
    if not isinstance(data.get("routes"), dict):
        raise BadInput(f"report {path} has no routes")
    return data
