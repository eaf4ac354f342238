"""`unjam load` / `unjam report` end to end: error paths, formats, round trip, Ctrl-C."""

import gzip
import json
import signal
import subprocess
import sys
import time

import pytest

from unjam.server import free_port, serve_app

APPS = "tests/load_data"


def unjam(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "unjam", *args],
        capture_output=True,
        text=True,
        timeout=90,
        input=stdin,
    )


@pytest.fixture(scope="module")
def server():
    with serve_app("apps:multi", app_dir=APPS) as srv:
        yield srv


def one_line_error(result: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("unjam: error: ")
    assert "Requests" not in result.stdout  # no useless report
    return lines[0]


def test_refuses_an_unbounded_run(server):
    result = unjam("load", server.url + "/")
    assert result.returncode == 2
    assert "--duration" in one_line_error(result)


def test_refused_connection_is_exit_5():
    port = free_port()  # nobody listens there
    result = unjam("load", f"http://127.0.0.1:{port}/", "-n", "5")
    assert result.returncode == 5
    assert "connection refused" in one_line_error(result)


def test_unknown_host_is_exit_5():
    result = unjam("load", "http://no-such-host.invalid/", "-n", "5")
    assert result.returncode == 5
    assert "unknown host 'no-such-host.invalid'" in one_line_error(result)


def test_bad_targets_line_is_exit_3_naming_file_and_line(tmp_path, server):
    targets = tmp_path / "targets.txt"
    targets.write_text(f"GET {server.url}/\nX-Ok: 1\nthis is not a header\n")
    result = unjam("load", "-t", str(targets), "-n", "5")
    assert result.returncode == 3
    assert f"{targets}:3: bad header" in one_line_error(result)


def test_missing_body_file_is_exit_3(tmp_path, server):
    result = unjam(
        "load", server.url + "/echo", "-m", "POST", "--body", str(tmp_path / "no.json"), "-n", "1"
    )
    assert result.returncode == 3
    assert "no.json" in one_line_error(result)


def test_targets_from_stdin(server):
    text = f"POST {server.url}/echo\nContent-Type: text/plain\n\nGET {server.url}/status/201\n"
    result = unjam("load", "-t", "-", "-n", "10", "-c", "2", "-f", "json", stdin=text)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["status_codes"] == {"200": 5, "201": 5}
    assert data["unjam"]["model"] == "closed"


@pytest.mark.slow
def test_report_round_trip_and_html(tmp_path, server):
    results, html = tmp_path / "run.jsonl.gz", tmp_path / "plot.html"
    run = unjam(
        "load", server.url + "/", "-r", "200", "-d", "0.5s", "-o", str(results), "--html", str(html)
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Requests      [total, rate, throughput]         100, ")
    again = unjam("report", str(results))
    assert again.returncode == 0, again.stderr
    assert again.stdout == run.stdout  # the same numbers, recomputed from the rows
    as_json = json.loads(unjam("report", str(results), "--format", "json").stdout)
    assert as_json["requests"] == 100 and "service_time" in as_json["unjam"]
    with gzip.open(results, "rt") as src:
        header = json.loads(src.readline())
        lines = [json.loads(line) for line in src]
    rows = [line for line in lines if isinstance(line, list)]
    assert header["unjam_results"] == 2 and len(rows) == 100 and len(rows[0]) == 8
    assert lines[-1]["info"]["selfcheck"]  # the trailer: the final settings and self-check
    page = html.read_text()
    assert "<svg" in page and "<circle" in page
    for external in ("src=", "href=", "<link", "@import", "<script", "cdn"):
        assert external not in page.lower()
    rerendered = unjam("report", str(results), "--format", "html")
    assert "<svg" in rerendered.stdout and "src=" not in rerendered.stdout


def test_report_on_a_file_that_is_not_results(tmp_path):
    bogus = tmp_path / "x.gz"
    bogus.write_text("hello")
    result = unjam("report", str(bogus))
    assert result.returncode == 3
    one_line_error(result)


def test_sweep_prints_a_seed_004_table(server):
    result = unjam("load", server.url + "/", "--sweep", "2,4")
    assert result.returncode == 0, result.stderr
    header, *rows = result.stdout.strip().splitlines()
    assert header.split()[:5] == ["level", "throughput", "p50", "p99", "total"]
    assert [row.split()[0] for row in rows] == ["2", "4"]


@pytest.mark.slow
def test_find_knee_prints_the_sustainable_rate(server):
    args = ["load", server.url + "/", "--find-knee", "--slo", "500ms", "--start-rate", "20"]
    args += ["--max-rate", "40", "--step-duration", "0.5s"]
    text = unjam(*args)
    assert text.returncode == 0, text.stderr
    assert "Sustainable rate:" in text.stdout
    knee = json.loads(unjam(*args, "-f", "json").stdout)
    steps = knee["steps"]
    if all(s["valid"] and s["p99_ms"] <= 500 and s["success"] == 1 for s in steps):
        assert [s["rate"] for s in steps] == [20, 40]
        assert knee["sustainable_rate"] == 40
        assert "max-rate" in knee["reason"]
    else:  # a loaded CI box can make the generator (rightly) flag its own step
        assert knee["reason"] and knee["sustainable_rate"] < steps[-1]["rate"]


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_prints_the_partial_report(server, workers):
    attack = ["load", server.url + "/", "-r", "50", "-d", "60s", "-w", workers]
    proc = subprocess.Popen(
        [sys.executable, "-m", "unjam", *attack],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(4)  # imports + worker start-up take a while on a loaded CI box
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert out.startswith("Requests")
    assert "interrupted" in out
    total = int(out.split("\n")[0].split()[-3].rstrip(","))
    assert 0 < total < 3000
