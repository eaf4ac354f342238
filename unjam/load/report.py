"""Render a `LoadResult` as vegeta's text, json and hist reports, plus unjam's extras.

The text report is vegeta's, field for field: the same rows in the same order, the same
tabwriter alignment, durations rounded and printed the way Go prints them, status codes
sorted as strings, the error set in first-seen order. Below it, unjam adds only what
vegeta cannot know, each line starting with `unjam:` so scripts that parse vegeta's block
keep working: the service-time percentiles, late/dropped counts and the generator's verdict.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from unjam.load.gofmt import go_duration, parse_duration, report_duration, tabwrite

if TYPE_CHECKING:
    from unjam.load.result import LoadResult

VEGETA_QUANTILES = [50.0, 90.0, 95.0, 99.0]


def _float(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    return f"{value:.2f}"


def vegeta_text(result: LoadResult) -> str:
    """vegeta's `report -type=text`, exactly."""
    q = result.latencies_ns(VEGETA_QUANTILES)
    n = result.requests
    mean_in = result.bytes_in / n if n else math.nan
    mean_out = result.bytes_out / n if n else math.nan
    lines = [
        f"Requests\t[total, rate, throughput]\t{n}, {_float(result.rate)}, "
        f"{_float(result.throughput)}",
        "Duration\t[total, attack, wait]\t"
        + ", ".join(
            report_duration(ns)
            for ns in (result.attack_ns + result.wait_ns, result.attack_ns, result.wait_ns)
        ),
        "Latencies\t[min, mean, 50, 90, 95, 99, max]\t"
        + ", ".join(
            report_duration(ns)
            for ns in (
                result.latency_ns(0),
                result.mean_ns if n else 0,
                q[50.0],
                q[90.0],
                q[95.0],
                q[99.0],
                result.latency_ns(100),
            )
        ),
        f"Bytes In\t[total, mean]\t{result.bytes_in}, {_float(mean_in)}",
        f"Bytes Out\t[total, mean]\t{result.bytes_out}, {_float(mean_out)}",
        f"Success\t[ratio]\t{_float(result.success_ratio * 100 if n else math.nan)}%",
        "Status Codes\t[code:count]\t"
        + "".join(
            f"{code}:{count}  "
            for code, count in sorted(result.status_codes.items(), key=lambda kv: str(kv[0]))
        ),
        "Error Set:",
        *result.errors,
    ]
    return tabwrite("\n".join(lines)) + "\n"


def unjam_text(result: LoadResult) -> str:
    """unjam's extra lines under vegeta's block (service time, late/dropped, self-check)."""
    info = result.info
    lines = []
    if result.requests:
        s = result.latencies_ns([50.0, 90.0, 99.0], service=True)
        lines.append(
            "unjam: service time [50, 90, 99, max]  "
            + ", ".join(report_duration(s[k]) for k in (50.0, 90.0, 99.0))
            + ", "
            + report_duration(result.service_ns(100))
        )
    if info.model == "open":
        lines.append(
            f"unjam: open model at {info.planned_rate:g}/s: latency counts from the intended "
            f"send time; late (sent >{info.late_threshold_ms:g}ms after plan) {result.late}, "
            f"dropped {result.dropped}"
        )
    if info.interrupted:
        lines.append("unjam: interrupted — partial results")
    if not info.valid:
        lines.append(
            f"unjam: INVALID RUN — the generator was the bottleneck: {info.invalid_reason}"
        )
    return "\n".join(lines) + ("\n" if lines else "")


def _rfc3339(unix_ns: int) -> str:
    seconds, nanos = divmod(unix_ns, 1_000_000_000)
    stamp = datetime.fromtimestamp(seconds, tz=UTC).strftime("%Y-%m-%dT%H:%M:%S")
    frac = f".{nanos:09d}".rstrip("0") if nanos else ""
    return f"{stamp}{frac.rstrip('.')}Z"


def vegeta_json(result: LoadResult) -> dict:
    """vegeta's `report -type=json` keys; durations in integer nanoseconds."""
    n = result.requests
    q = result.latencies_ns(VEGETA_QUANTILES)
    base = result.info.started_at_unix_ns
    return {
        "latencies": {
            "total": int(result.latency_total_ns),
            "mean": int(result.mean_ns) if n else 0,
            "50th": q[50.0],
            "90th": q[90.0],
            "95th": q[95.0],
            "99th": q[99.0],
            "max": result.latency_ns(100),
            "min": result.latency_ns(0),
        },
        "bytes_in": {"total": result.bytes_in, "mean": result.bytes_in / n if n else 0.0},
        "bytes_out": {"total": result.bytes_out, "mean": result.bytes_out / n if n else 0.0},
        "earliest": _rfc3339(base + result.earliest_ns),
        "latest": _rfc3339(base + result.latest_ns),
        "end": _rfc3339(base + result.end_ns),
        "duration": int(result.attack_ns),
        "wait": int(result.wait_ns),
        "requests": n,
        "rate": result.rate,
        "throughput": result.throughput,
        "success": result.success_ratio,
        "status_codes": {
            str(code): count
            for code, count in sorted(result.status_codes.items(), key=lambda kv: str(kv[0]))
        },
        "errors": list(result.errors),
    }


def unjam_json(result: LoadResult) -> dict:
    """vegeta's json report plus unjam's extras under the "unjam" key."""
    data = vegeta_json(result)
    info = result.info
    n = result.requests
    service = result.latencies_ns(VEGETA_QUANTILES, service=True)
    data["unjam"] = {
        "model": info.model,
        "planned_rate": info.planned_rate,
        "concurrency": info.concurrency,
        "workers": info.workers,
        "latency_is_corrected": info.model == "open",
        "service_time": {
            "mean": int(result.service_mean_ns) if n else 0,
            "50th": service[50.0],
            "90th": service[90.0],
            "95th": service[95.0],
            "99th": service[99.0],
            "max": result.service_ns(100),
            "min": result.service_ns(0),
        },
        "latency_99_9th": result.latency_ns(99.9),
        "late": result.late,
        "late_threshold_ms": info.late_threshold_ms,
        "dropped": result.dropped,
        "error_counts": dict(result.errors),
        "interrupted": info.interrupted,
        "valid": info.valid,
        "invalid_reason": info.invalid_reason,
        "generator": dict(info.selfcheck),
        "targets": [t.get("method", "GET") + " " + t.get("url", "") for t in info.targets],
        "per_second": [list(point) for point in result.per_second],
    }
    return data


def parse_hist_spec(spec: str) -> list[int]:
    """`hist[0,10ms,50ms,1s]` → bucket bounds in ns. Raises ValueError."""
    inner = spec[len("hist") :].strip()
    if not (inner.startswith("[") and inner.endswith("]")):
        raise ValueError("write histogram buckets as hist[0,10ms,100ms,1s]")
    bounds = [round(parse_duration(part) * 1e9) for part in inner[1:-1].split(",") if part.strip()]
    if not bounds or bounds != sorted(bounds):
        raise ValueError("histogram buckets must be increasing, e.g. hist[0,10ms,100ms,1s]")
    return bounds


def vegeta_hist(result: LoadResult, bounds: list[int]) -> str:
    """vegeta's `report -type='hist[...]'`: counts of latencies per bucket."""
    counts = result.hist_counts(bounds)
    total = result.requests
    lines = ["Bucket\t\t#\t%\tHistogram"]
    for k, count in enumerate(counts):
        ratio = count / total if total else 0.0
        lo = go_duration(bounds[k])
        hi = go_duration(bounds[k + 1]) if k + 1 < len(bounds) else "+Inf"
        bar = "#" * int(ratio * 75)
        lines.append(f"[{lo},\t{hi}]\t{count}\t{ratio * 100:.2f}%\t{bar}")
    return tabwrite("\n".join(lines)) + "\n"


def render(result: LoadResult, fmt: str) -> str:
    """text | json | hist[...] → the report text (json pretty-printed)."""
    import json

    if fmt == "text":
        return vegeta_text(result) + unjam_text(result)
    if fmt == "json":
        return json.dumps(unjam_json(result), indent=2) + "\n"
    if fmt.startswith("hist"):
        return vegeta_hist(result, parse_hist_spec(fmt))
    raise ValueError(f"unknown report format {fmt!r}; use text, json, html or hist[...]")
