"""`unjam diff`: before/after per route; exit 1 past the threshold, 0 otherwise, 3 on bad files."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from doctor_support import synthetic_report

from unjam.doctor.diff import parse_threshold
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
