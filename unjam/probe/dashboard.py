"""A Grafana dashboard for the probe's Prometheus metrics, generated rather than hand-edited.

The panels' queries are written here against the metric names the probe exports (see
`unjam.probe.prometheus`; the test checks every name a query uses against a real
exposition), and `python -m unjam.probe.dashboard` writes the JSON that Grafana imports —
committed as docs/grafana-dashboard.json. Queries sum over workers and instances, so one
dashboard shows a single process, a gunicorn fleet (multiprocess mode) or many replicas.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

RATE = "$__rate_interval"
DATASOURCE = {"type": "prometheus", "uid": "${datasource}"}

# (title, unit, [(query, legend)], description)
PANELS: list[tuple[str, str, list[tuple[str, str]], str]] = [
    (
        "Event-loop stalls by route",
        "ops",
        [(f"sum by (route) (rate(unjam_route_stalls_total[{RATE}]))", "{{route}}")],
        "Stalls per second, by the route whose code blocked the loop (the line is in the "
        "probe's /snapshot and log).",
    ),
    (
        "Stall duration",
        "s",
        [
            (
                f"histogram_quantile(0.99, sum by (le) "
                f"(rate(unjam_loop_stall_duration_seconds_bucket[{RATE}])))",
                "p99",
            ),
            (
                f"sum(rate(unjam_loop_stall_duration_seconds_sum[{RATE}])) / "
                f"sum(rate(unjam_loop_stall_duration_seconds_count[{RATE}]))",
                "mean",
            ),
        ],
        "How long the detected stalls lasted.",
    ),
    (
        "Event-loop lag",
        "s",
        [
            (
                f"histogram_quantile({q}, sum by (le) (rate(unjam_loop_lag_seconds_bucket[{RATE}])))",
                f"p{q[2:]}",
            )
            for q in ("0.50", "0.99")
        ],
        "How late the probe's heartbeat ran: the delay every callback on the loop saw.",
    ),
    (
        "Thread-pool tokens",
        "short",
        [
            ("sum(unjam_threadpool_tokens)", "tokens"),
            ("sum(unjam_threadpool_borrowed)", "borrowed"),
            ("sum(unjam_threadpool_waiting)", "waiting"),
            ("max(unjam_threadpool_max_borrowed)", "peak borrowed (one worker)"),
        ],
        "anyio's default limiter (40 tokens per process): borrowed near tokens with calls "
        "waiting means sync endpoints and dependencies queue for a thread.",
    ),
    (
        "Thread-pool token wait",
        "s",
        [
            (
                f"histogram_quantile(0.99, sum by (le) "
                f"(rate(unjam_threadpool_wait_seconds_bucket[{RATE}])))",
                "p99",
            )
        ],
        "Time a thread-pool call waited for a token.",
    ),
    (
        "Requests by route",
        "reqps",
        [
            (
                f"sum by (route, status) (rate(unjam_route_requests_total[{RATE}]))",
                "{{route}} {{status}}",
            )
        ],
        "Requests per second per route and status.",
    ),
    (
        "Route phases (p99)",
        "s",
        [
            (
                f"histogram_quantile(0.99, sum by (le, route, phase) "
                f"(rate(unjam_route_phase_seconds_bucket[{RATE}])))",
                "{{route}} {{phase}}",
            )
        ],
        "Where a request's time goes: before_app (waiting for the loop), dependencies, "
        "endpoint, serialization, threadpool_wait, total — from sampled requests.",
    ),
    (
        "Probe errors",
        "short",
        [(f"sum(increase(unjam_probe_errors_total[{RATE}]))", "errors")],
        "Faults caught inside the probe (never passed on to the app).",
    ),
]


def build_dashboard() -> dict:
    panels = []
    for index, (title, unit, queries, description) in enumerate(PANELS):
        panels.append(
            {
                "id": index + 1,
                "type": "timeseries",
                "title": title,
                "description": description,
                "datasource": DATASOURCE,
                "gridPos": {"h": 8, "w": 12, "x": 12 * (index % 2), "y": 8 * (index // 2)},
                "fieldConfig": {"defaults": {"unit": unit}, "overrides": []},
                "options": {"legend": {"displayMode": "list", "placement": "bottom"}},
                "targets": [
                    {
                        "refId": chr(ord("A") + n),
                        "datasource": DATASOURCE,
                        "expr": expr,
                        "legendFormat": legend,
                    }
                    for n, (expr, legend) in enumerate(queries)
                ],
            }
        )
    return {
        "title": "unjam probe — event loop, thread pool, routes",
        "uid": "unjam-probe",
        "tags": ["unjam", "asyncio", "fastapi"],
        "timezone": "browser",
        "schemaVersion": 39,
        "version": 1,
        "refresh": "30s",
        "time": {"from": "now-1h", "to": "now"},
        "templating": {
            "list": [
                {
                    "name": "datasource",
                    "label": "Prometheus",
                    "type": "datasource",
                    "query": "prometheus",
                }
            ]
        },
        "panels": panels,
    }


def render() -> str:
    return json.dumps(build_dashboard(), indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print the dashboard JSON, or write it to the path given."""
    args = sys.argv[1:] if argv is None else argv
    if args:
        Path(args[0]).write_text(render(), encoding="utf-8")
    else:
        sys.stdout.write(render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
