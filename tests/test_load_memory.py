"""`unjam load` memory is bounded however long it runs; rows stream to the results file.

The run's figures are folded in as rows finish (unjam/load/tally.py) and the rows go to the
results file during the run, so neither the generator's memory nor `unjam report`'s grows
with completed requests; the figures stay exact. Servers run on 127.0.0.1 only.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time

import psutil
import pytest

from unjam.load.result import LoadResult, RunInfo, histograms_from_samples, status_error
from unjam.load.results_file import ResultsWriter, read_results
from unjam.load.runner import run_load
from unjam.load.samples import Samples
from unjam.load.tally import Tally
from unjam.load.targets import Target
from unjam.server import serve_app

APPS = "tests/load_data"
DEADLINE_S = 60.0
ROW_BYTES = 50  # what one kept row costs (samples.py): the growth a bounded run must not show


@pytest.fixture(scope="module")
def server():
    with serve_app("apps:hello", app_dir=APPS) as srv:
        yield srv


def _synthetic(n: int, seed: int = 7) -> Samples:
    """n rows with varied latencies, statuses and transport errors, out of intended order."""
    rng = random.Random(seed)
    rows = Samples()
    for k in range(n):
        intended = k * 1_000_000 + rng.randrange(0, 3_000_000)
        sent = intended + rng.randrange(0, 200_000)
        done = sent + rng.choice([50_000, 400_000, 2_000_000, 90_000_000])
        status = rng.choice([200, 200, 200, 201, 404, 500, 0])
        error = rng.choice(["dial tcp: connect: connection refused", "i/o timeout"])
        rows.append(k % 3, intended, sent, done, status, 11, 5, error if status == 0 else None)
    return rows


def _chunks(rows: Samples, size: int) -> list[Samples]:
    out = []
    for start in range(0, len(rows), size):
        chunk = Samples()
        for row in list(rows.rows())[start : start + size]:
            chunk.append(*row)
        out.append(chunk)
    return out


def test_a_tally_folded_in_chunks_keeps_every_figure_exact_and_few_rows():
    rows = _synthetic(20_000)
    bounds = [0, 1_000_000, 10_000_000, 100_000_000]
    tally = Tally(hist_bounds=bounds, keep_rows=500)
    for chunk in _chunks(rows, 1_500):
        tally.add(chunk)
    folded = LoadResult(info=RunInfo(), tally=tally)

    assert len(folded.samples) <= 500  # bounded, however many rows went in
    latency, service = histograms_from_samples(rows)
    assert folded.latency_hist.counts[:] == latency.counts[:]
    assert folded.service_hist.counts[:] == service.counts[:]
    assert folded.requests == 20_000
    assert folded.status_codes == {c: list(rows.status).count(c) for c in set(rows.status)}
    assert folded.bytes_in == 11 * 20_000 and folded.bytes_out == 5 * 20_000
    lat = [d - i for i, d in zip(rows.intended, rows.done, strict=True)]
    assert (folded.latency_ns(0), folded.latency_ns(100)) == (min(lat), max(lat))
    assert folded.latency_total_ns == sum(lat)
    assert (folded.earliest_ns, folded.end_ns) == (min(rows.intended), max(rows.done))
    # errors in the order they first occurred (by intended send time), counted exactly
    order = sorted(range(len(rows)), key=lambda k: (rows.intended[k], rows.sent[k]))
    expected: dict[str, int] = {}
    for k in order:
        if not 200 <= rows.status[k] < 400:
            text = (
                rows.errors[rows.error[k]] if rows.error[k] >= 0 else status_error(rows.status[k])
            )
            expected[text] = expected.get(text, 0) + 1
    assert list(folded.errors.items()) == list(expected.items())
    # hist[...] buckets, exact: [b_k, b_k+1), the rest in the last
    brute = [0] * len(bounds)
    for value in lat:
        inner = [k for k in range(len(bounds) - 1) if bounds[k] <= value < bounds[k + 1]]
        brute[inner[0] if inner else -1] += 1
    assert folded.hist_counts(bounds) == brute
    # requests per second of the attack, exact
    per_second = {s: n for s, n, _ in folded.per_second}
    assert sum(per_second.values()) == 20_000
    assert per_second[0] == sum(1 for i in rows.intended if i < 1_000_000_000)
    # the thinned reservoir keeps the slowest request, so stalls stay visible in plots
    assert max(latency for _, latency, _ in folded.timeline) == max(lat) / 1e6


def test_a_file_cut_short_reads_as_an_interrupted_run(tmp_path):
    """A run killed mid-way leaves rows that were flushed: they read back, as interrupted."""
    path, copy = tmp_path / "run.gz", tmp_path / "killed.gz"
    rows = _synthetic(3_000)
    writer = ResultsWriter(path, RunInfo(model="open", planned_rate=1000.0))
    for chunk in _chunks(rows, 1_000):
        writer.write(chunk)
    shutil.copyfile(path, copy)  # what a SIGKILL now would leave: no trailer, no gzip end
    writer.close(RunInfo(model="open", planned_rate=1000.0))

    killed, whole = read_results(copy), read_results(path)
    assert killed.requests == whole.requests == 3_000
    assert killed.interrupted and not whole.interrupted
    assert killed.errors == whole.errors


def test_workers_stream_every_row_to_the_results_file(server, tmp_path):
    path = tmp_path / "w.gz"
    result = run_load(
        [Target(url=server.url + "/")], concurrency=4, requests=600, workers=2, output=path
    )
    again = read_results(path)
    assert result.requests == again.requests == 600
    assert again.status_codes == result.status_codes == {200: 600}
    assert again.latency_hist.counts[:] == result.latency_hist.counts[:]
    assert again.info.workers == 2 and again.info.selfcheck == result.info.selfcheck


def _requests_in(report: str) -> int:
    return int(report.split("]", 1)[1].split(",", 1)[0])


def test_results_stream_during_the_run_and_read_back_after_ctrl_c(server, tmp_path):
    path = tmp_path / "live.gz"
    proc = subprocess.Popen(
        [sys.executable, "-m", "unjam", "load", server.url + "/", "-r", "200", "-d", "60s",
         "-o", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + DEADLINE_S
        seen = 0
        while seen < 100:  # rows reach the file while the run goes on
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no rows in the results file during the run"
            time.sleep(0.1)
            if path.exists() and path.stat().st_size:
                live = read_results(path)
                assert live.interrupted  # no trailer yet: a partial file says so
                seen = live.requests
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=DEADLINE_S)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert "interrupted" in out
    total = _requests_in(out)
    assert total >= seen
    report = subprocess.run(
        [sys.executable, "-m", "unjam", "report", str(path), "-f", "json"],
        capture_output=True, text=True, timeout=DEADLINE_S,
    )  # fmt: skip
    assert report.returncode == 0, report.stderr
    data = json.loads(report.stdout)
    assert data["requests"] == total  # what was measured is all in the file
    assert data["unjam"]["interrupted"] is True
    with gzip.open(path, "rt") as src:
        assert "info" in json.loads(src.readlines()[-1])  # the trailer was written


def _peak_rss_run(url: str, seconds: int, output, limit: int | None) -> tuple[int, int]:
    """(requests, peak RSS) of `unjam load -c 8 -d Ns -o FILE`, killed past `limit` bytes."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "unjam", "load", url, "-c", "8", "-d", f"{seconds}s", "-f", "json",
         "-o", str(output)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    watched, peak = psutil.Process(proc.pid), 0
    try:
        while proc.poll() is None:
            try:
                peak = max(peak, watched.memory_info().rss)
            except psutil.Error:
                break
            if limit is not None and peak > limit:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                pytest.fail(f"unjam load passed its RSS limit: {peak} > {limit} bytes")
            time.sleep(0.02)
        out, err = proc.communicate(timeout=DEADLINE_S)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 0, err
    return json.loads(out)["requests"], peak


@pytest.mark.slow
def test_memory_does_not_grow_with_completed_requests(server, tmp_path):
    """A short run sets the baseline; a run four times longer must stay under that peak plus
    half of what its extra rows would cost if they were kept (when they were, RSS
    passed this limit and the run is killed)."""
    url, output = server.url + "/", tmp_path / "run.gz"
    short_requests, short_peak = _peak_rss_run(url, 3, output, None)
    expected_extra = short_requests * 3  # the long run completes ~3x more than the short one
    limit = short_peak + expected_extra * ROW_BYTES // 2
    long_requests, long_peak = _peak_rss_run(url, 12, output, limit)
    assert long_requests > 2 * short_requests, (short_requests, long_requests)
    assert long_peak <= limit
    assert read_results(output).requests == long_requests  # every row went to the file
