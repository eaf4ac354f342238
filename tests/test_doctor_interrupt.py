"""Ctrl-C during `unjam run`: SIGINT to its process group, as a terminal sends it.

The run must stop within a couple of seconds, stop the app it started, write the report of
what was measured marked partial, and exit 130 (the README's exit-code table). Two moments:
during a load step (the load generator's own Ctrl-C handler is in place), and while the doctor
restarts an app that froze (between steps: Python's handler must be back in place — uvloop's
closed loop once left its own installed, and that Ctrl-C was swallowed).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import psutil
import pytest

pytestmark = pytest.mark.slow  # interrupts the doctor on served apps

APP = textwrap.dedent(
    """\
    import os
    import time

    from fastapi import FastAPI

    with open(os.environ["APP_PID_FILE"], "w") as out:
        out.write(str(os.getpid()))
    app = FastAPI()


    @app.get("/slow")
    async def slow():
        time.sleep(0.02)
        return {"ok": True}


    @app.get("/other")
    def other():
        return {"ok": True}
    """
)
# A blocking pool of 2 checked out inside `async def`: the server freezes at 4 concurrent.
FREEZING_APP = APP.replace(
    "app = FastAPI()",
    "import asyncio\nimport queue\n\nPOOL = queue.Queue()\nPOOL.put(1)\nPOOL.put(2)\n"
    'app = FastAPI()\n\n\n@app.get("/orders")\nasync def orders():\n'
    "    conn = POOL.get()\n    await asyncio.sleep(0.02)\n    POOL.put(conn)\n"
    "    return {}\n",
)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize(
    ("source", "first", "moment", "levels"),
    [
        (APP, "GET /slow", "loading GET /slow", "1,2"),  # during a load step
        (FREEZING_APP, "GET /orders", "restarting it", "1,4"),  # restarting a frozen app
    ],
    ids=["load-step", "freeze-restart"],
)
def test_sigint_stops_the_run_writes_a_partial_report_and_exits_130(
    tmp_path, source, first, moment, levels
):
    (tmp_path / "ctrlc.py").write_text(source)
    pid_file = tmp_path / "app.pid"
    out = tmp_path / "out"
    argv = [sys.executable, "-m", "unjam", "run", "ctrlc:app", "--app-dir", str(tmp_path)]
    argv += ["--out", str(out), "--duration", "30", "--levels", levels, "--no-knee"]
    log = (tmp_path / "stderr.txt").open("w+")
    proc = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        start_new_session=True,
        env={**os.environ, "APP_PID_FILE": str(pid_file)},
    )
    try:
        deadline = time.monotonic() + 120
        while moment not in (tmp_path / "stderr.txt").read_text():
            assert proc.poll() is None and time.monotonic() < deadline, (
                f"the run never got to {moment!r}: " + (tmp_path / "stderr.txt").read_text()
            )
            time.sleep(0.1)
        if moment.startswith("loading"):
            time.sleep(1.0)  # some of the route measured
        children = psutil.Process(proc.pid).children(recursive=True)
        os.killpg(proc.pid, signal.SIGINT)
        interrupted = time.monotonic()
        stdout, _ = proc.communicate(timeout=60)
        stopped_in = time.monotonic() - interrupted
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        # the app server runs in a session of its own: never leave it behind, even failing
        server_left = pid_file.exists() and _alive(int(pid_file.read_text()))
        if server_left:
            os.kill(int(pid_file.read_text()), signal.SIGKILL)
    assert proc.returncode == 130, (tmp_path / "stderr.txt").read_text()
    # A deadline, not a benchmark: a swallowed Ctrl-C runs on to the end (tens of seconds).
    assert stopped_in < 10.0, f"took {stopped_in:.1f} s to stop"
    assert not server_left, "the app server was still running"
    left = [child.pid for child in children if _running(child)]
    assert not left, f"processes left running: {left}"
    report = json.loads((out / "report.json").read_text())
    assert report["partial"] is True
    assert first in report["routes"]
    assert "GET /other" not in report["routes"]
    assert "partial" in stdout
    assert "Interrupted:" in (out / "report.html").read_text()


def _running(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False
