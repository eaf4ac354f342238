"""A stall sampled on another line of the statement a finding names confirms that finding.

`subprocess.Popen(...)` is the catalogued call (line 10); the loop blocks in the chained
`.wait()`, which Python reports on its own line (12). One statement, one cause: the finding
is confirmed, and no second, runtime-only cause is made of the same code.
"""

from __future__ import annotations

import textwrap

import pytest
from doctor_support.runs import read_report, run_on_app

pytestmark = pytest.mark.slow  # runs the doctor on a served app

APP = textwrap.dedent(
    """\
    import subprocess

    from fastapi import FastAPI

    app = FastAPI()


    @app.get("/report")
    async def report():
        code = subprocess.Popen(
            ["sleep", "0.05"]
        ).wait()
        return {"code": code}
    """
)

POPEN_LINE, WAIT_LINE = 10, 12


def test_a_stall_on_another_line_of_the_statement_confirms_its_finding(tmp_path):
    result, out = run_on_app(
        tmp_path, "chainapp", APP, "--duration", "0.4", "--levels", "1", "--no-knee"
    )
    assert result.returncode == 1, result.stdout + result.stderr
    report = read_report(out)
    popen = [f for f in report["findings"] if f["line"] == POPEN_LINE]
    assert popen and popen[0]["status"] == "confirmed", report["findings"]
    stalls = [s for s in report["stalls"] if s["line"] == WAIT_LINE]
    assert stalls and all(s["finding"] for s in stalls), report["stalls"]
    # A library's one-off cost at start-up (an import uvicorn's lifespan triggers on a slow
    # disk) may be listed as a warm-up; no runtime-only cause may come from the app's code.
    runtime_only = [
        i
        for i in report["ranked"]
        if i.get("status") == "seen only at runtime" and not i.get("warmup")
    ]
    assert runtime_only == [], runtime_only
    warmups = [i for i in report["ranked"] if i.get("warmup")]
    assert all(i["path"] != popen[0]["path"] for i in warmups), warmups
