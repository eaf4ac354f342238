"""A server-sent events endpoint is measured as a stream (time to first event), not failing.

`GET /events` never ends its body: loaded like a normal request, every request would time out.
"""

from __future__ import annotations

import textwrap

import pytest
from doctor_support.runs import read_report, run_on_app

pytestmark = pytest.mark.slow  # runs the doctor on a served app

APP = textwrap.dedent(
    """\
    import asyncio

    from fastapi import FastAPI
    from fastapi.responses import StreamingResponse

    app = FastAPI()


    async def ticks():
        await asyncio.sleep(0.02)
        while True:
            yield "data: tick\\n\\n"
            await asyncio.sleep(0.5)


    @app.get("/events")
    async def events():
        return StreamingResponse(ticks(), media_type="text/event-stream")


    @app.get("/plain")
    async def plain():
        return {"ok": True}
    """
)


def test_sse_endpoint_is_measured_as_a_stream(tmp_path):
    result, out = run_on_app(
        tmp_path, "sseapp", APP, "--duration", "1.0", "--levels", "1,4", "--no-knee",
        timeout=120,
    )  # fmt: skip
    assert result.returncode in (0, 1), result.stdout + result.stderr
    report = read_report(out)
    events = report["routes"]["GET /events"]
    assert events["stream"] == "sse"
    assert "failing" not in events and "frozen" not in events
    first = next(s for s in events["steps"] if s["phase"] == "sweep")
    assert first["ok"] == first["requests"] > 0
    assert 15 <= first["latency_ms"]["p50"] < 500  # the 20 ms before the first event
    assert "stream" not in report["routes"]["GET /plain"]
    assert "time to its first event" in result.stdout
