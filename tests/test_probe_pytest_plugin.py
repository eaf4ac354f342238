"""The pytest plugin, exercised with pytester: marker, fixture, --unjam-stall, live server."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]
pytestmark = pytest.mark.slow  # each test runs a pytest session that serves an app

APP = """
import time

from fastapi import FastAPI

app = FastAPI()


@app.get("/slow")
async def slow():
    time.sleep(0.08)  # THE-BLOCKING-LINE
    return {"ok": True}


@app.get("/fast")
async def fast():
    return {"ok": True}
"""

HELPERS = """
import asyncio

import httpx

from stall_app import app


def get(path):
    async def run():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            response = await client.get(path)
            await asyncio.sleep(0.05)
            return response.status_code

    return asyncio.run(run())
"""


def _setup(pytester) -> int:
    pytester.makepyfile(stall_app=APP, stall_helpers=HELPERS)
    return next(i for i, line in enumerate(APP.splitlines()) if "THE-BLOCKING-LINE" in line)


def test_marker_fails_a_stalling_test_naming_route_and_line(pytester):
    line = _setup(pytester)
    pytester.makepyfile(
        test_it="""
        import pytest
        from stall_helpers import get

        @pytest.mark.unjam_no_stall(threshold_ms=25)
        def test_slow():
            assert get("/slow") == 200

        @pytest.mark.unjam_no_stall(threshold_ms=25)
        def test_fast():
            assert get("/fast") == 200

        @pytest.mark.unjam_no_stall(threshold_ms=500)
        def test_slow_under_a_high_threshold():
            assert get("/slow") == 200
        """
    )
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*test_slow*",
            f"*ms in GET /slow*stall_app.py:{line}*in slow*",
        ]
    )
    assert "test_fast FAILED" not in result.stdout.str()


def test_flag_turns_it_on_for_the_whole_run(pytester):
    _setup(pytester)
    pytester.makepyfile(
        test_it="""
        from stall_helpers import get

        def test_slow():
            assert get("/slow") == 200
        """
    )
    pytester.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)
    flagged = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--unjam-stall=30")
    flagged.assert_outcomes(failed=1)
    flagged.stdout.fnmatch_lines(["*stalled 1 time(s) for 30 ms or more:", "*ms in GET /slow*"])


def test_fixture_exposes_stalls_and_snapshot(pytester):
    line = _setup(pytester)
    pytester.makepyfile(
        test_it=f"""
        from stall_helpers import get

        def test_collects(unjam_probe):
            unjam_probe.fail_on_stall = False
            assert get("/slow") == 200
            assert get("/fast") == 200
            (stall,) = unjam_probe.stalls
            assert stall["route"] == "GET /slow"
            assert stall["blocking_frame"]["line"] == {line}
            assert unjam_probe.snapshot()["routes"]["GET /fast"]["requests"] == 1
        """
    )
    pytester.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_live_uvicorn_server_started_by_the_test(pytester):
    line = _setup(pytester)
    pytester.makepyfile(
        test_it="""
        import threading
        import time
        import urllib.request

        import pytest
        import uvicorn

        from stall_app import app
        from unjam.server import free_port

        @pytest.mark.unjam_no_stall
        def test_live():
            port = free_port()
            server = uvicorn.Server(
                uvicorn.Config(app, host="127.0.0.1", port=port, loop="uvloop", log_level="error")
            )
            thread = threading.Thread(target=server.run, daemon=True)
            thread.start()
            while not server.started:
                time.sleep(0.01)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/slow") as response:
                    assert response.status == 200
                time.sleep(0.1)
            finally:
                server.should_exit = True
                thread.join(5)
        """
    )
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*ms in GET /slow*stall_app.py:{line}*"])


def test_plugin_is_inert_unless_asked(pytester):
    pytester.makepyfile(
        test_it="""
        import sys

        def test_nothing_loaded():
            assert "unjam.probe.core" not in sys.modules
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    help_text = pytester.runpytest_subprocess("--help").stdout.str()
    assert "--unjam-stall" in help_text


def test_fastapi_testclient_runs_the_app_on_its_own_loop_and_is_watched(pytester):
    """TestClient runs the app through an anyio portal on a loop in another thread; a new
    portal (a new loop) per request without `with`, one for the block with it."""
    line = _setup(pytester)
    pytester.makepyfile(
        test_it="""
        import pytest
        from fastapi.testclient import TestClient

        from stall_app import app

        @pytest.mark.unjam_no_stall
        def test_slow_without_with():
            client = TestClient(app)
            assert client.get("/fast").status_code == 200
            assert client.get("/slow").status_code == 200

        @pytest.mark.unjam_no_stall
        def test_slow_in_a_with_block():
            with TestClient(app) as client:
                assert client.get("/fast").status_code == 200
                assert client.get("/slow").status_code == 200

        @pytest.mark.unjam_no_stall
        def test_fast():
            with TestClient(app) as client:
                for _ in range(5):
                    assert client.get("/fast").status_code == 200
        """
    )
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*test_slow_without_with*",
            f"*ms in GET /slow*stall_app.py:{line}*in slow*",
            "*test_slow_in_a_with_block*",
            f"*ms in GET /slow*stall_app.py:{line}*in slow*",
        ]
    )
