"""`unjam run` end to end on a tiny two-route app of the test's own (no lab needed).

`GET /slow` is an `async def` that calls `time.sleep` — it blocks the loop at a known line;
`GET /fast` is a plain `def`. The doctor must rank the sleep first, with route, line and
cause, confirmed by a runtime stall, and still measure the healthy route.
"""

from __future__ import annotations

import json
import textwrap

import pytest
from doctor_support.browser import CHART_PROBE, CHROMIUM, Browser
from doctor_support.runs import read_report, run_on_app, unjam

pytestmark = pytest.mark.slow  # runs the doctor on served apps

APP = textwrap.dedent(
    """\
    import time

    from fastapi import FastAPI

    app = FastAPI()


    @app.get("/slow")
    async def slow():
        time.sleep(0.06)
        return {"ok": True}


    @app.get("/fast")
    def fast(q: int = 1):
        return {"q": q}
    """
)
SLEEP_LINE = 10


@pytest.fixture(scope="module")
def tiny_report(tmp_path_factory):
    root = tmp_path_factory.mktemp("tiny")
    result, out = run_on_app(
        root, "tinyapp", APP, "--duration", "1.2", "--levels", "1,4", "--", "--loop", "asyncio",
        timeout=120,
    )  # fmt: skip
    return result, out, root


def test_run_exits_1_and_writes_both_reports(tiny_report):
    result, out, _ = tiny_report
    assert result.returncode == 1, result.stdout + result.stderr
    assert (out / "report.json").is_file() and (out / "report.html").is_file()
    assert "report.html" in result.stdout


def test_top_cause_is_the_sleep_in_the_async_route(tiny_report):
    _, out, root = tiny_report
    report = read_report(out)
    top = report["ranked"][0]
    assert top["route"] == "GET /slow"
    assert top["line"] == SLEEP_LINE
    assert top["path"] == str((root / "tinyapp.py").resolve())
    assert top["kind"] == "loop"
    assert "blocks the loop" in top["message"]
    assert top["impact"]["ceiling_rps"] < 40  # 60 ms per request caps it near 16 rps
    assert top["status"] in ("confirmed", "seen only at runtime")
    if report["static"]["error"] is None:
        assert top["status"] == "confirmed" and top["code"] == "UJ001"


def test_both_routes_measured_with_sweep_and_capacity(tiny_report):
    _, out, _ = tiny_report
    report = read_report(out)
    routes = report["routes"]
    assert set(routes) == {"GET /slow", "GET /fast"}
    # The verdict, not a throughput race: the loop limits the slow route, nothing the fast one.
    assert routes["GET /slow"]["capacity"]["limit"] == "event loop"
    ranked_fast = [
        item for item in report["ranked"] if item["route"] == "GET /fast" and not item.get("minor")
    ]
    assert not ranked_fast, ranked_fast
    levels = [s["concurrency"] for s in routes["GET /slow"]["steps"] if s["phase"] == "sweep"]
    assert levels == [1, 4]


RAW_ASGI = textwrap.dedent(
    """\
    async def app(scope, receive, send):
        if scope["type"] != "http":
            return
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"hello"})
    """
)


def test_asgi_app_without_openapi_needs_targets(tmp_path):
    (tmp_path / "rawapp.py").write_text(RAW_ASGI)
    result = unjam(
        "run", "rawapp:app", "--app-dir", str(tmp_path), "-q", "--out", str(tmp_path / "o")
    )
    assert result.returncode == 2, result.stderr
    assert "no OpenAPI schema" in result.stderr and "--targets" in result.stderr
    assert "Traceback" not in result.stderr


def test_targets_file_drives_an_asgi_app(tmp_path):
    targets = tmp_path / "targets.txt"
    targets.write_text("GET http://localhost:8000/hello\n")  # any host: the doctor retargets
    result, out = run_on_app(
        tmp_path, "rawapp", RAW_ASGI, "--targets", str(targets),
        "--duration", "0.6", "--levels", "1,2", "--no-knee", timeout=120,
    )  # fmt: skip
    # 0, or 1 if the loaded machine descheduled the server long enough to count as a stall.
    assert result.returncode in (0, 1), result.stdout + result.stderr
    report = read_report(out)
    run = report["routes"]["GET /hello"]
    assert run["source"] == "targets file"
    assert run["capacity"]["measured_rps"] > 0
    assert report["findings"] == []  # nothing for the analyzer to say about this app


def test_real_report_renders_in_chromium(tiny_report):
    _, out, _ = tiny_report
    if CHROMIUM is None:  # a missing browser must not pass for a rendered report
        pytest.fail("chromium is not installed: run `make browser` (Debian's chromium package)")
    browser = Browser()
    try:
        value, errors = browser.inspect((out / "report.html").as_uri(), CHART_PROBE)
    finally:
        browser.close()
    page = json.loads(value)
    assert errors == []
    assert page["external"] == []
    assert {"get-slow-throughput", "get-slow-timeline", "get-fast-latency", "threadpool"} <= set(
        page["ids"]
    )
    assert page["drawn"] == page["charts"]
    assert "GET /slow blocks the loop" in page["top"]
    assert page["stackLines"] >= 1  # the sleep's source line beside its frame
