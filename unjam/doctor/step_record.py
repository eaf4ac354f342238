"""A load step as a JSON-ready record: what the load generator returned (a sweep level's
result, or a knee search's steps) and what the probe saw meanwhile.

The load generator's results are read by attribute with defaults, so that a result with no
successful request (no percentiles, NaN means) still makes a record; NaN is not JSON.
"""

from __future__ import annotations

import math

from unjam.doctor.noise import step_noise

TIMELINE_POINTS = 400


def percentiles(result, name: str) -> dict:
    fn = getattr(result, name, None)
    out: dict = {}
    if fn is None:
        return out
    for label, q in (("p50", 50), ("p90", 90), ("p99", 99)):
        try:
            out[label] = number(fn(q))
        except Exception:  # a result with no successful request has no percentiles
            out[label] = None
    return out


def number(value) -> float | None:
    """A finite float rounded for JSON, or None (NaN is not JSON)."""
    if callable(value):
        value = value()
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return round(number, 3) if math.isfinite(number) else None


def request_count(result) -> int:
    codes = getattr(result, "status_codes", None) or {}
    total = sum(int(v) for v in codes.values())
    if total:
        return total
    return len(getattr(result, "timeline", None) or [])


def ok_count(result) -> int:
    codes = getattr(result, "status_codes", None) or {}
    return sum(int(v) for k, v in codes.items() if str(k).startswith(("2", "3")))


def step_record(result, snapshot: dict, route: str, *, phase: str, cpu_s: float, **level) -> dict:
    """One load step and the probe's view of it, JSON-ready."""
    latency = percentiles(result, "latency_ms")
    for label in ("min", "mean", "max"):
        latency[label] = number(getattr(result, f"{label}_ms", None))
    requests = request_count(result)
    ok = ok_count(result)
    stalls = [s for s in snapshot.get("stalls") or [] if s.get("route") in (route, None)]
    pool = dict(snapshot.get("threadpool") or {})
    pool.pop("timeline", None)
    return {
        "phase": phase,
        "concurrency": level.get("concurrency"),
        "rate": level.get("rate"),
        "requests": requests,
        "ok": ok,
        "throughput_rps": round(float(getattr(result, "throughput", 0.0) or 0.0), 3),
        "success_ratio": round(float(getattr(result, "success_ratio", 0.0) or 0.0), 4),
        "status_codes": {
            str(k): int(v) for k, v in (getattr(result, "status_codes", {}) or {}).items()
        },
        "latency_ms": latency,
        "service_ms": percentiles(result, "service_ms"),
        "cpu_ms_per_request": round(cpu_s * 1000.0 / ok, 3) if ok else None,
        "_cpu_s": cpu_s,
        "stalls": stalls,
        "stall_ms": round(sum(float(s.get("duration_ms") or 0) for s in stalls), 3),
        "threadpool": pool,
        "route_stats": (snapshot.get("routes") or {}).get(route) or {},
        "loop_lag_ms": snapshot.get("loop_lag_ms") or {},
        "noise": step_noise(result),
        "probe": {key: (snapshot.get("probe") or {}).get(key) for key in ("errors", "warnings")},
    }


def downsample(points: list, limit: int = TIMELINE_POINTS) -> list:
    if len(points) <= limit:
        return list(points)
    stride = len(points) / limit
    return [points[int(i * stride)] for i in range(limit)]


def timeline_rows(result, offset: float = 0.0) -> list[list]:
    rows = []
    for row in getattr(result, "timeline", None) or []:
        t, latency, status = row[0], row[1], row[2]
        rows.append([round(float(t) + offset, 4), round(float(latency), 3), int(status or 0)])
    return rows


def _knee_steps(knee) -> list[tuple[float, object]]:
    steps = []
    for item in getattr(knee, "steps", None) or []:
        if isinstance(item, tuple | list) and len(item) == 2:
            steps.append((float(item[0]), item[1]))
        else:
            steps.append((float(getattr(item, "rate", 0.0) or 0.0), item))
    return steps


def knee_step(step: dict, knee) -> dict:
    """The knee search as one step: its requests, stalls and pool figures are summed over."""
    steps = _knee_steps(knee)
    results = [r for _, r in steps]
    step["requests"] = sum(request_count(r) for r in results)
    step["ok"] = sum(ok_count(r) for r in results)
    step["success_ratio"] = round(step["ok"] / step["requests"], 4) if step["requests"] else 0.0
    step["status_codes"] = {}
    for result in results:
        for code, count in (getattr(result, "status_codes", {}) or {}).items():
            step["status_codes"][str(code)] = step["status_codes"].get(str(code), 0) + int(count)
    if results:
        step["throughput_rps"] = round(max(float(getattr(r, "throughput", 0)) for r in results), 3)
        # Latency of the highest rate that met the SLO (or the first step when none did).
        passed = [r for rate, r in steps if rate <= (getattr(knee, "sustainable_rate", 0) or 0)]
        shown = passed[-1] if passed else results[0]
        step["latency_ms"] = percentiles(shown, "latency_ms") | {
            label: number(getattr(shown, f"{label}_ms", None)) for label in ("min", "mean", "max")
        }
        step["service_ms"] = percentiles(shown, "service_ms")
    if step["ok"]:
        step["cpu_ms_per_request"] = round(step.pop("_cpu_s", 0.0) * 1000.0 / step["ok"], 3)
    return step


def knee_json(knee, slo_p99_ms: float) -> dict:
    """The knee search's own record: each rate tried, and the highest that met the SLO."""
    rows = []
    for rate, result in _knee_steps(knee):
        rows.append(
            {
                "rate": rate,
                "throughput_rps": round(float(getattr(result, "throughput", 0.0) or 0.0), 3),
                "success_ratio": round(float(getattr(result, "success_ratio", 0.0) or 0.0), 4),
                "latency_ms": percentiles(result, "latency_ms"),
            }
        )
    return {
        "slo_p99_ms": slo_p99_ms,
        "sustainable_rps": round(float(getattr(knee, "sustainable_rate", 0.0) or 0.0), 3),
        "reason": str(getattr(knee, "reason", "") or ""),
        "steps": rows,
    }
