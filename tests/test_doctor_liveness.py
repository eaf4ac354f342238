"""The liveness check's two sources: the probe's stall in progress, else the client's silence."""

from __future__ import annotations

from unjam.doctor.liveness import Liveness
from unjam.server import free_port

FRAME = {"path": "/srv/app/db.py", "line": 42, "function": "checkout"}


def silent_port() -> int:
    return free_port()  # nothing listens there: no answer, like a wedged server


def test_a_stall_in_progress_names_the_blocking_line():
    in_progress = {"duration_s": 31.5, "route": "GET /orders", "frame": FRAME, "stack": [FRAME]}
    liveness = Liveness(
        silent_port(), "/", freeze_after_s=0.3, snapshot=lambda: {"stall_in_progress": in_progress}
    )
    freeze = liveness.wait("GET /orders", {"phase": "sweep", "concurrency": 32})
    assert freeze is not None and freeze.source == "probe"
    assert freeze.frame == FRAME and freeze.concurrency == 32
    assert freeze.waited_s >= 31.5  # the probe's own count of how long the loop is stuck


def test_without_the_probe_key_silence_alone_decides():
    liveness = Liveness(silent_port(), "/", freeze_after_s=0.3, snapshot=lambda: {})
    freeze = liveness.wait("GET /orders", {"phase": "sweep", "concurrency": 8})
    assert freeze is not None and freeze.source == "client" and freeze.frame is None


def test_a_server_that_computes_is_draining_not_frozen():
    cpu = iter(range(0, 1000))  # one CPU second per call: busy
    liveness = Liveness(
        silent_port(), "/", freeze_after_s=0.3, cpu_seconds=lambda: float(next(cpu))
    )
    freeze = liveness.wait("GET /hash", {"phase": "sweep", "concurrency": 8})
    assert freeze is not None and freeze.waited_s > 1.0  # waited longer than freeze_after_s
