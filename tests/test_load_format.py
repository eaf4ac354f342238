"""vegeta's report format, reproduced exactly: Go durations, tabwriter columns, golden reports.

The golden reports are built from known per-request rows. Percentiles come from the HDR
histogram (3 significant digits), which reports the highest value of the sample's bucket;
a bucket around v is 2**(floor(log2 v) - 10) ns wide, so e.g. 250_000 ns reads as 250_111
and 37 ms as 37.027839 ms (printed 37.028ms after vegeta's rounding). Min, mean and max
are exact, and a percentile never exceeds the exact max.
"""

import json

import pytest

from unjam.load.gofmt import go_duration, parse_duration, report_duration, tabwrite, vegeta_round
from unjam.load.report import parse_hist_spec, render, vegeta_hist, vegeta_json, vegeta_text
from unjam.load.result import LoadResult, RunInfo
from unjam.load.samples import Samples

MS = 1_000_000


@pytest.mark.parametrize(
    ("ns", "text"),
    [
        (0, "0s"),
        (1, "1ns"),
        (999, "999ns"),
        (1_000, "1µs"),
        (1_500, "1.5µs"),
        (337_432, "337.432µs"),
        (1_000_000, "1ms"),
        (1_519_000, "1.519ms"),
        (999_999_999, "999.999999ms"),
        (1_996_000_000, "1.996s"),
        (60_000_000_000, "1m0s"),
        (62_500_000_000, "1m2.5s"),
        (3_600_000_000_000, "1h0m0s"),
        (3_661_500_000_000, "1h1m1.5s"),
        (-1_500_000, "-1.5ms"),
    ],
)
def test_go_duration_string(ns, text):
    assert go_duration(ns) == text


@pytest.mark.parametrize(
    ("ns", "text"),
    [
        (375_411, "375.411µs"),  # below 1ms: to the ns
        (1_257_432, "1.257ms"),  # ms: to the µs
        (1_257_500, "1.258ms"),  # halves round away from zero, like Duration.Round
        (30_001_234_567, "30.001s"),  # s: to the ms
        (999_999_999, "1s"),
        (180_000_400_000, "3m0s"),  # minutes: to the s
        (61_500_000_000, "1m2s"),
        (3_661_500_000_000, "1h1m0s"),  # hours: to the minute
    ],
)
def test_report_rounding_matches_vegeta(ns, text):
    assert report_duration(ns) == text


def test_vegeta_round_is_identity_below_a_microsecond():
    assert vegeta_round(999) == 999


def test_parse_duration():
    assert parse_duration("5s") == 5
    assert parse_duration("250ms") == 0.25
    assert parse_duration("1m30s") == 90
    assert parse_duration("2") == 2
    with pytest.raises(ValueError):
        parse_duration("5 parsecs")


def test_tabwriter_pads_each_run_of_lines_to_its_widest_cell():
    text = "a\tbb\tx\nccc\td\ty\nno tabs ends the block\ne\tf\tz"
    assert tabwrite(text) == ("a    bb  x\nccc  d   y\nno tabs ends the block\ne  f  z")


def _golden_result() -> LoadResult:
    """10 requests sent 100ms apart; one 500 and one refused connection."""
    latencies = [100_000] * 4 + [250_000] * 3 + [1_500_000, 37 * MS, 1_250 * MS]
    refused = 'Get "http://127.0.0.1:8000/": dial tcp 127.0.0.1:8000: connect: connection refused'
    s = Samples()
    for k, latency in enumerate(latencies):
        start = k * 100 * MS
        if k == 3:
            s.append(0, start, start, start + latency, 500, 6, 5)
        elif k == 6:
            s.append(0, start, start, start + latency, 0, 0, 5, refused)
        else:
            s.append(0, start, start, start + latency, 200, 11, 5)
    return LoadResult(
        s, RunInfo(model="closed", concurrency=1, started_at_unix_ns=1_700_000_000 * 10**9)
    )


GOLDEN_TEXT = """\
Requests      [total, rate, throughput]         10, 11.11, 3.72
Duration      [total, attack, wait]             2.15s, 900ms, 1.25s
Latencies     [min, mean, 50, 90, 95, 99, max]  100µs, 128.965ms, 250.111µs, 37.028ms, 1.25s, 1.25s, 1.25s
Bytes In      [total, mean]                     94, 9.40
Bytes Out     [total, mean]                     50, 5.00
Success       [ratio]                           80.00%
Status Codes  [code:count]                      0:1  200:8  500:1{TWO_SPACES}
Error Set:
500 Internal Server Error
Get "http://127.0.0.1:8000/": dial tcp 127.0.0.1:8000: connect: connection refused
""".replace("{TWO_SPACES}", "  ")  # vegeta ends the status-codes line with two spaces


def test_golden_text_report():
    # rate 10/0.9s = 11.11; throughput 8 ok / (0.9s attack + 1.25s wait) = 3.72;
    # mean (4*0.1 + 3*0.25 + 1.5 + 37 + 1250) ms / 10 = 128.965ms; p50 is the 5th of 10
    # (250µs → 250.111µs), p90 the 9th (37ms → 37.028ms), p95/p99 the 10th (the max).
    assert vegeta_text(_golden_result()) == GOLDEN_TEXT


def test_golden_text_of_a_clean_single_request():
    s = Samples()
    s.append(0, 0, 0, 2 * MS, 204, 0, 0)
    text = vegeta_text(LoadResult(s))
    assert text == (
        "Requests      [total, rate, throughput]         1, 1.00, 1.00\n"
        "Duration      [total, attack, wait]             2ms, 0s, 2ms\n"
        "Latencies     [min, mean, 50, 90, 95, 99, max]  2ms, 2ms, 2ms, 2ms, 2ms, 2ms, 2ms\n"
        "Bytes In      [total, mean]                     0, 0.00\n"
        "Bytes Out     [total, mean]                     0, 0.00\n"
        "Success       [ratio]                           100.00%\n"
        "Status Codes  [code:count]                      204:1  \n"
        "Error Set:\n"
    )


def test_json_report_has_vegeta_keys_in_nanoseconds():
    data = vegeta_json(_golden_result())
    assert set(data) == {
        "latencies", "bytes_in", "bytes_out", "earliest", "latest", "end", "duration",
        "wait", "requests", "rate", "throughput", "success", "status_codes", "errors",
    }  # fmt: skip
    assert set(data["latencies"]) == {"total", "mean", "50th", "90th", "95th", "99th", "max", "min"}
    assert data["latencies"]["min"] == 100_000
    assert data["latencies"]["max"] == 1_250 * MS
    assert data["latencies"]["mean"] == 128_965_000
    assert data["duration"] == 900 * MS and data["wait"] == 1_250 * MS
    assert data["status_codes"] == {"0": 1, "200": 8, "500": 1}
    assert data["earliest"] == "2023-11-14T22:13:20Z"
    assert data["end"] == "2023-11-14T22:13:22.15Z"
    assert data["errors"][0] == "500 Internal Server Error"


def test_json_format_adds_unjam_extras():
    data = json.loads(render(_golden_result(), "json"))
    extras = data["unjam"]
    assert extras["service_time"]["max"] == 1_250 * MS
    assert {"late", "dropped", "valid", "generator", "error_counts"} <= set(extras)
    assert extras["error_counts"]["500 Internal Server Error"] == 1


def test_hist_report_buckets_like_vegeta():
    result = _golden_result()
    text = vegeta_hist(result, parse_hist_spec("hist[0,1ms,100ms]"))
    assert text == (
        "Bucket           #  %       Histogram\n"
        "[0s,     1ms]    7  70.00%  " + "#" * 52 + "\n"
        "[1ms,    100ms]  2  20.00%  " + "#" * 15 + "\n"
        "[100ms,  +Inf]   1  10.00%  " + "#" * 7 + "\n"
    )


def test_bad_hist_spec():
    with pytest.raises(ValueError):
        parse_hist_spec("hist[10ms,1ms]")


def test_fast_histogram_fill_matches_the_library():
    import random

    from unjam.load.result import fill_histogram, new_histogram

    rng = random.Random(4)
    values = [
        0,
        1,
        2047,
        2048,
        10**6,
        3_600 * 10**9,
        *(rng.randrange(1, 10**11) for _ in range(5000)),
    ]
    fast, slow = new_histogram(), new_histogram()
    fill_histogram(fast, values)
    for v in values:
        slow.record_value(v)
    assert fast.counts[:] == slow.counts[:]
    assert (fast.total_count, fast.min_value, fast.max_value) == (
        slow.total_count, slow.min_value, slow.max_value,
    )  # fmt: skip
    assert fast.get_value_at_percentile(99) == slow.get_value_at_percentile(99)


def test_verdict_flags_a_saturated_cpu_and_a_late_schedule():
    from array import array

    from unjam.load.verdict import verdict

    def stats(cpu_s, sched_ms):
        return {
            "sched_lag": array("q", [int(sched_ms * 1e6)] * 100),
            "loop_lag": array("q", [1_000_000] * 100),
            "cpu_s": cpu_s,
            "wall_s": 2.0,
            "connects": 4,
        }

    healthy = RunInfo(model="open")
    verdict(healthy, [stats(0.5, 1.0)])
    assert healthy.valid and healthy.selfcheck["send_lag_p99_ms"] == 1.0
    busy = RunInfo(model="open")
    verdict(busy, [stats(1.98, 1.0), stats(0.5, 30.0)])
    assert not busy.valid
    assert "CPU was saturated (99% of a core)" in busy.invalid_reason
    assert "behind its schedule (p99 send lag 30.0ms" in busy.invalid_reason
