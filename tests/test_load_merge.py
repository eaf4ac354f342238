"""Several generators, one report: `unjam report A B` merges exactly; `--start-at` waits."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from unjam.errors import UserError
from unjam.load.merge import parse_start_at
from unjam.load.result import new_histogram
from unjam.load.results_file import read_results
from unjam.server import free_port, serve_app

APPS = "tests/load_data"


def unjam(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "unjam", *args], capture_output=True, text=True, timeout=90
    )


def test_parse_start_at_forms():
    now = 1_800_000_000.0
    assert parse_start_at("+5s", now) == now + 5
    assert parse_start_at("+1m30s", now) == now + 90
    at = parse_start_at("2027-01-15T08:00:00Z", now)
    assert at == parse_start_at("2027-01-15T09:00:00+01:00", now)
    assert at == parse_start_at("2027-01-15T08:00:00", now)  # naive = UTC
    for bad in ("soon", "+", "+-3s", "2027-13-40T00:00:00Z", "2099-01-01T00:00:00Z"):
        with pytest.raises(UserError):
            parse_start_at(bad, now)


def test_bad_start_at_is_one_line_exit_2():
    result = unjam("load", "http://127.0.0.1:9/", "-n", "1", "--start-at", "tomorrow")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().startswith("unjam: error: --start-at: 'tomorrow'")


@pytest.mark.slow
def test_two_generators_merge_exactly_and_match_one_of_the_same_total(tmp_path):
    a, b, single = tmp_path / "a.gz", tmp_path / "b.gz", tmp_path / "single.gz"
    with serve_app("apps:hello", app_dir=APPS) as server:
        url = server.url + "/"
        # whole milliseconds: a fraction formatted on its own rounds .9996 up to "1.000",
        # which would name the start of this second, not the next
        start_ms = int((time.time() + 3.0) * 1000)
        start = start_ms / 1000
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(start_ms // 1000))
        stamp += f".{start_ms % 1000:03d}"
        attack = ["load", url, "-r", "50", "-d", "2s", "--start-at", stamp + "Z", "-f", "json"]
        generators = [
            subprocess.Popen(
                [sys.executable, "-m", "unjam", *attack, "-o", str(path)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for path in (a, b)
        ]
        outputs = [proc.communicate(timeout=60) for proc in generators]
        assert [proc.returncode for proc in generators] == [0, 0], outputs
        assert all("waiting" in err for _, err in outputs)
        one = unjam("load", url, "-r", "100", "-d", "2s", "-o", str(single), "-f", "json")
        assert one.returncode == 0, one.stderr

    parts = [read_results(a), read_results(b)]
    for part in parts:  # neither generator began before the agreed time
        assert part.info.started_at_unix_ns >= int(start * 1e9) - 200_000_000
    merged_run = unjam("report", str(a), str(b), "-f", "json")
    assert merged_run.returncode == 0, merged_run.stderr
    merged = json.loads(merged_run.stdout)
    alone = [json.loads(out) for out, _ in outputs]

    assert merged["requests"] == 200 == sum(r["requests"] for r in alone)
    assert merged["status_codes"] == {"200": 200}
    assert merged["earliest"] == min(r["earliest"] for r in alone)
    assert merged["end"] == max(r["end"] for r in alone)
    assert merged["bytes_in"]["total"] == sum(r["bytes_in"]["total"] for r in alone)
    assert merged["unjam"]["planned_rate"] == 100
    # exact: the percentiles of the two files' HDR histograms added together
    added = new_histogram()
    for part in parts:
        added.add(part.latency_hist)
    for key, pct in (("50th", 50.0), ("90th", 90.0), ("99th", 99.0)):
        assert merged["latencies"][key] == added.get_value_at_percentile(pct)
    assert merged["latencies"]["max"] == max(r["latencies"]["max"] for r in alone)
    assert merged["latencies"]["min"] == min(r["latencies"]["min"] for r in alone)

    # one generator sending the same total: the same counts (its percentiles are for the note)
    single_report = json.loads(unjam("report", str(single), "-f", "json").stdout)
    assert single_report["requests"] == merged["requests"]
    assert single_report["status_codes"] == merged["status_codes"]
    text = unjam("report", str(a), str(b))
    assert text.returncode == 0
    assert text.stdout.startswith("Requests      [total, rate, throughput]         200, ")


def test_report_of_a_missing_file_names_it(tmp_path):
    result = unjam("report", str(tmp_path / "nope.gz"), str(tmp_path / "nope2.gz"))
    assert result.returncode == 3
    assert "nope.gz" in result.stderr and "Traceback" not in result.stderr


def test_start_at_checks_the_target_before_waiting():
    port = free_port()  # nobody listens there
    result = subprocess.run(
        [sys.executable, "-m", "unjam", "load", f"http://127.0.0.1:{port}/", "-n", "1",
         "--start-at", "+10m"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 5
    assert "connection refused" in result.stderr and "waiting" not in result.stderr


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.slow
@pytest.mark.parametrize("started", ["plainly", "with SIGINT ignored"])
def test_ctrl_c_while_waiting_exits_130(started):
    """Also as a shell starts `unjam load ... &`, SIGINT ignored from the start: a SIGINT
    sent to it still ends the wait, as it ends vegeta's."""
    with serve_app("apps:hello", app_dir=APPS) as server:
        proc = subprocess.Popen(
            [sys.executable, "-m", "unjam", "load", server.url + "/", "-n", "1",
             "--start-at", "+10m"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            preexec_fn=_ignore_sigint if started != "plainly" else None,
        )  # fmt: skip
        line = proc.stderr.readline()  # the wait has begun
        assert line.startswith("unjam: waiting ")
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert "Requests" not in out  # nothing was sent
