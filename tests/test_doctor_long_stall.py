"""A stall longer than the doctor's request timeout is still recorded and confirms its finding.

Each request to `GET /report` blocks the loop 6.5 s; the load's requests give up after 5 s.
The doctor waits for the server to answer again before it takes the probe's snapshot, so
the stall has ended and is in it (and is not mistaken for a frozen server: it answers).
"""

from __future__ import annotations

import textwrap

import pytest
from doctor_support.runs import read_report, run_on_app

pytestmark = pytest.mark.slow  # runs the doctor on a served app

APP = textwrap.dedent(
    """\
    import time

    from fastapi import FastAPI

    app = FastAPI()


    @app.get("/report")
    async def report():
        time.sleep(6.5)
        return {"ok": True}
    """
)

SLEEP_LINE = 10


def test_stall_longer_than_the_request_timeout_is_recorded(tmp_path):
    result, out = run_on_app(
        tmp_path, "longapp", APP,
        "--duration", "0.4", "--levels", "1", "--no-knee", "--slo", "100ms",
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    report = read_report(out)
    assert "frozen" not in report["routes"]["GET /report"]
    stalls = [s for s in report["stalls"] if s["line"] == SLEEP_LINE]
    assert stalls and max(s["max_ms"] for s in stalls) > 6000, report["stalls"]
    sleep = [f for f in report["findings"] if f["line"] == SLEEP_LINE]
    assert sleep and sleep[0]["status"] == "confirmed", sleep
