"""Synthetic doctor inputs (static findings, probe snapshots, load steps) for fast tests.

The numbers follow seed 000: an `async def` webhook whose handler blocks the loop ~180 ms per
request in `Producer.send_message` → boto3 `send_message`, so the route tops out near 5.5 rps
whatever the concurrency. The app source is written to a temporary directory so that stall
stacks and chains point at real lines.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from unjam.doctor.analyse import analyse
from unjam.doctor.measure import Budget
from unjam.doctor.options import DoctorOptions
from unjam.doctor.routes import RoutePlan
from unjam.doctor.static import StaticResult

APP_SOURCE = textwrap.dedent(
    """\
    import boto3
    from fastapi import Depends, FastAPI

    app = FastAPI()


    class Producer:
        def __init__(self):
            self.client = boto3.client("sqs")

        def send_message(self, body):
            return self.client.send_message(QueueUrl="q", MessageBody=body)


    @app.post("/invoice")
    async def invoice(producer: Producer = Depends(Producer)):
        producer.send_message("{}")
        return {"ok": True}


    @app.get("/health")
    async def health():
        return {"ok": True}
    """
)
SEND_LINE = 12  # self.client.send_message(...)
CALL_LINE = 17  # producer.send_message("{}")
CLIENT_LINE = 9  # boto3.client("sqs")


def write_app(directory: Path) -> Path:
    path = directory / "webhook_app.py"
    path.write_text(APP_SOURCE)
    return path


def findings(app_file: Path) -> list[dict]:
    path = str(app_file)
    entry = {
        "name": "invoice",
        "path": app_file.name,
        "abs_path": path,
        "line": 16,
        "context": "event-loop",
        "route": "POST /invoice",
    }
    return [
        {
            "id": "F1",
            "code": "UJ001",
            "kind": "network",
            "blocks_loop": True,
            "severity": "error",
            "path": app_file.name,
            "abs_path": path,
            "line": SEND_LINE,
            "column": 15,
            "message": "boto3 client method send_message blocks the event loop",
            "blocker": "boto3 send_message",
            "entry": entry,
            "chain": [
                {"name": "invoice", "path": app_file.name, "abs_path": path, "line": CALL_LINE},
                {
                    "name": "Producer.send_message",
                    "path": app_file.name,
                    "abs_path": path,
                    "line": SEND_LINE,
                },
            ],
            "fix": "use aiobotocore, or make the endpoint a plain def",
        },
        {
            "id": "F2",
            "code": "UJ003",
            "kind": "per-request-client",
            "blocks_loop": False,
            "severity": "warning",
            "path": app_file.name,
            "abs_path": path,
            "line": CLIENT_LINE,
            "column": 22,
            "message": "dependency Producer builds a boto3 client on every request",
            "blocker": "boto3.client",
            "entry": {**entry, "name": "Producer", "line": 7, "context": "thread-pool"},
            "chain": [],
            "fix": "build the client once (module level or lru_cache)",
        },
    ]


def stall(app_file: Path, duration_ms: float, route: str = "POST /invoice") -> dict:
    path = str(app_file)
    return {
        "duration_ms": duration_ms,
        "route": route,
        "endpoint": "invoice",
        "blocking_frame": {"path": path, "line": SEND_LINE, "function": "send_message"},
        "stack": [
            {"path": path, "line": CALL_LINE, "function": "invoice"},
            {"path": path, "line": SEND_LINE, "function": "send_message"},
        ],
    }


def step(
    concurrency: int,
    throughput: float,
    p50: float,
    stalls: list[dict],
    *,
    dep_ms: float = 0.0,
    waiting: int = 0,
    phase: str = "sweep",
) -> dict:
    requests = max(1, int(throughput))
    return {
        "phase": phase,
        "concurrency": concurrency,
        "requests": requests,
        "ok": requests,
        "throughput_rps": throughput,
        "success_ratio": 1.0,
        "status_codes": {"200": requests},
        "latency_ms": {
            "p50": p50,
            "p90": p50 * 1.1,
            "p99": p50 * 1.3,
            "mean": p50,
            "max": p50 * 1.5,
        },
        "service_ms": {"p50": p50},
        "cpu_ms_per_request": 4.0,
        "stalls": stalls,
        "stall_ms": sum(s["duration_ms"] for s in stalls),
        "threadpool": {"total_tokens": 40, "max_borrowed": 3, "max_waiting": waiting},
        "route_stats": {
            "requests": requests,
            "phases_ms": {"dep:Producer": {"p50": dep_ms, "p99": dep_ms * 2}} if dep_ms else {},
        },
        "loop_lag_ms": {},
    }


def webhook_runs(app_file: Path, *, fixed: bool = False, scale: float = 1.0) -> dict[str, dict]:
    """Runs of the two routes; `fixed` has no stall and ~30x the throughput."""
    steps = []
    for level in (1, 8, 32):
        if fixed:
            steps.append(step(level, 180.0 * scale * min(level, 4), 5.0 * level**0.5, []))
        else:
            rps = 5.4 * scale
            count = max(1, int(rps))
            steps.append(
                step(
                    level,
                    rps,
                    185.0 * level,
                    [stall(app_file, 180.0) for _ in range(count)],
                    dep_ms=12.0,
                )
            )
    invoice = {
        "route": "POST /invoice",
        "targets": 1,
        "steps": steps,
        "knee": {
            "slo_p99_ms": 500.0,
            "sustainable_rps": 5.0 * scale,
            "reason": "p99 over SLO",
            "steps": [],
        },
        "timeline": {
            "concurrency": 32,
            "points": [[i * 0.05, 180.0 + (i % 7) * 30.0, 200] for i in range(60)],
        },
        "source": "openapi",
    }
    health = {
        "route": "GET /health",
        "targets": 1,
        "steps": [step(level, 900.0 * min(level, 2), 1.0 + level / 10, []) for level in (1, 8, 32)],
        "knee": None,
        "timeline": {"concurrency": 32, "points": [[i * 0.01, 1.0, 200] for i in range(80)]},
        "source": "openapi",
    }
    return {"POST /invoice": invoice, "GET /health": health}


def synthetic_report(directory: Path, *, fixed: bool = False, scale: float = 1.0) -> dict:
    app_file = write_app(directory)
    static = StaticResult(source_dir=directory, findings=findings(app_file), summary={"files": 1})
    pool = [[1000.0 + i * 0.1, min(i, 3), max(0, i - 40), "sweep"] for i in range(50)]
    return analyse(
        opts=DoctorOptions(app="webhook_app:app", budget=Budget(per_route_s=1.0)),
        static=static,
        startup={"stalls": [], "probe": {"threshold_ms": 25}},
        plan=RoutePlan(skipped=[("POST /upload", "multipart/form-data body")]),
        runs=webhook_runs(app_file, fixed=fixed, scale=scale),
        threadpool_timeline=pool,
        wall_s=12.0,
    )
