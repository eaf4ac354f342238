"""`unjam diff`: before/after per route; exit 1 past the threshold, 0 otherwise, 3 on bad files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from doctor_support import synthetic_report

from unjam.doctor.diff import RouteDelta, parse_threshold
from unjam.doctor.report import write


def unjam(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "unjam", *args], capture_output=True, text=True, timeout=60
    )


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    base = tmp_path_factory.mktemp("diff")
    paths = {}
    for name, kwargs in {
        "broken": {},
        "slower": {"scale": 0.5},
        "fixed": {"fixed": True},
    }.items():
        directory = base / name
        directory.mkdir()
        json_path, _ = write(synthetic_report(directory, **kwargs), directory / "out")
        paths[name] = str(json_path)
    return paths


def test_regression_exits_1_and_names_the_route(reports):
    result = unjam("diff", reports["broken"], reports["slower"])
    assert result.returncode == 1, result.stdout + result.stderr
    assert "POST /invoice" in result.stdout
    assert "REGRESSION" in result.stdout
    assert "-50.0%" in result.stdout


def test_improvement_exits_0_and_lists_the_gone_cause(reports):
    result = unjam("diff", reports["broken"], reports["fixed"])
    assert result.returncode == 0, result.stdout + result.stderr
    assert "faster" in result.stdout
    assert "gone:" in result.stdout and "blocks the loop" in result.stdout


def test_threshold_lets_a_small_drop_pass(reports):
    assert unjam("diff", reports["broken"], reports["slower"], "--threshold", "60%").returncode == 0


def test_missing_or_unparsable_report_exits_3(reports, tmp_path):
    missing = unjam("diff", reports["broken"], str(tmp_path / "nope.json"))
    assert missing.returncode == 3
    assert "does not exist" in missing.stderr and "Traceback" not in missing.stderr
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    assert unjam("diff", str(garbage), reports["broken"]).returncode == 3
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"version": 1, "findings": []}))
    assert unjam("diff", str(other), reports["broken"]).returncode == 3


@pytest.mark.parametrize(
    ("text", "value"), [("10%", 10.0), ("10", 10.0), ("0.1", 10.0), ("5.5%", 5.5)]
)
def test_parse_threshold(text, value):
    assert parse_threshold(text) == pytest.approx(value)


def test_change_inside_the_measured_noise_is_not_a_regression():
    before = {"throughput": 0.08, "p99_range": [8.0, 15.0]}
    after = {"throughput": 0.08, "p99_range": [12.0, 19.0]}
    delta = RouteDelta("GET /x", 100.0, 80.0, 10.0, 14.0, 10.0, before, after)
    assert delta.margin("throughput") > 20.0
    assert delta.regressions == []
    quiet = {"throughput": 0.01, "p99_range": [9.5, 10.5]}
    slower = {"throughput": 0.01, "p99_range": [13.5, 14.5]}
    assert RouteDelta("GET /x", 100.0, 80.0, 10.0, 14.0, 10.0, quiet, slower).regressions == [
        "throughput -20.0%",
        "p99 +40.0%",
    ]


def test_failing_to_working_and_back_have_verdicts():
    fixed = RouteDelta("GET /x", 0.0, 50.0, None, 3.0, 10.0, old_failing=True)
    assert "was failing, now works" in fixed.verdict and fixed.regressions == []
    broken = RouteDelta("GET /x", 50.0, 0.0, 3.0, None, 10.0, new_failing=True)
    assert broken.regressions == ["now failing"] and "REGRESSION" in broken.verdict


SAME_APP = """\
import asyncio

from fastapi import FastAPI

app = FastAPI()


@app.get("/wait")
async def wait():
    await asyncio.sleep(0.005)
    return {"ok": True}


@app.get("/compute")
def compute():
    return {"total": sum(range(2000))}
"""


@pytest.mark.slow  # runs the doctor two or three times on a served app
def test_two_runs_of_the_same_app_are_not_a_regression(tmp_path):
    (tmp_path / "sameapp.py").write_text(SAME_APP)
    before = _doctor_run(tmp_path, "before")
    for route in json.loads(Path(before).read_text())["routes"].values():
        assert route["headline"]["throughput_noise"] is not None
    result = unjam("diff", before, _doctor_run(tmp_path, "after"))
    if result.returncode == 1:
        # The noise allowance is measured within each run; a stall of the whole (shared)
        # machine that spans one run's step is invisible from inside it. One fresh run
        # tells such a stall from a noise model that is wrong every time.
        result = unjam("diff", before, _doctor_run(tmp_path, "again"))
    assert result.returncode == 0, result.stdout


def _doctor_run(folder: Path, name: str) -> str:
    out = folder / name
    run = subprocess.run(
        [sys.executable, "-m", "unjam", "run", "sameapp:app", "--app-dir", str(folder),
         "--out", str(out), "-q", "--duration", "1.6", "--levels", "1,8", "--no-knee"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode in (0, 1), run.stderr
    return str(out / "report.json")
