"""A stall longer than the doctor's request timeout is still recorded and confirms its finding.

Each request to `GET /report` blocks the loop 6.5 s; the load's requests give up after 5 s.
The doctor waits for the server to answer again before it takes the probe's snapshot, so
the stall has ended and is in it (and is not mistaken for a frozen server: it answers).
"""

from __future__ import annotations

import json
import textwrap

from test_doctor_run import unjam

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
    (tmp_path / "longapp.py").write_text(APP)
    out = tmp_path / "out"
    result = unjam(
        "run", "longapp:app", "--app-dir", str(tmp_path), "--out", str(out), "--quiet",
        "--duration", "0.4", "--levels", "1", "--no-knee", "--slo", "100ms", timeout=180,
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    report = json.loads((out / "report.json").read_text())
    assert "frozen" not in report["routes"]["GET /report"]
    stalls = [s for s in report["stalls"] if s["line"] == SLEEP_LINE]
    assert stalls and max(s["max_ms"] for s in stalls) > 6000, report["stalls"]
    sleep = [f for f in report["findings"] if f["line"] == SLEEP_LINE]
    assert sleep and sleep[0]["status"] == "confirmed", sleep
