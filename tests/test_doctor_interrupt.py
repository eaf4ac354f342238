"""Ctrl-C during `unjam run`: SIGINT to its process group, as a terminal sends it.

The run must stop within a couple of seconds, stop the app it started, write the report of
what was measured marked partial, and exit 130 (the README's exit-code table).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

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


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_sigint_stops_the_run_writes_a_partial_report_and_exits_130(tmp_path):
    (tmp_path / "ctrlc.py").write_text(APP)
    pid_file = tmp_path / "app.pid"
    out = tmp_path / "out"
    argv = [sys.executable, "-m", "unjam", "run", "ctrlc:app", "--app-dir", str(tmp_path)]
    argv += ["--out", str(out), "--duration", "30", "--levels", "1,2", "--no-knee"]
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
        deadline = time.monotonic() + 60
        while "loading GET /slow" not in (tmp_path / "stderr.txt").read_text():
            assert proc.poll() is None and time.monotonic() < deadline, "the run never loaded"
            time.sleep(0.1)
        time.sleep(1.0)  # some of the route measured
        os.killpg(proc.pid, signal.SIGINT)
        interrupted = time.monotonic()
        stdout, _ = proc.communicate(timeout=20)
        stopped_in = time.monotonic() - interrupted
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, (tmp_path / "stderr.txt").read_text()
    assert stopped_in < 5.0, f"took {stopped_in:.1f} s to stop"
    assert not _alive(int(pid_file.read_text())), "the app server is still running"
    report = json.loads((out / "report.json").read_text())
    assert report["partial"] is True
    assert "GET /slow" in report["routes"]
    assert "GET /other" not in report["routes"]
    assert "partial" in stdout
    assert "Interrupted:" in (out / "report.html").read_text()
