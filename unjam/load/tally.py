"""`Tally`: every figure of a load report, folded in chunk by chunk, in constant memory.

A long run at a high rate completes more requests than memory should hold (10k/s for an
hour is 36 M rows), so rows are not kept: the engine hands them over in chunks, and each
chunk is folded into running figures that are exact — counts, status codes, error texts,
bytes, time range, latency sums, min and max, the two HDR histograms (filled from every
row, so their percentiles are those of all rows), requests and errors per second, and the
bucket counts of a `hist[...]` report when its bounds are known in advance. The full rows
go to the results file (`-o`) as they arrive.

What is kept of the rows themselves is a bounded reservoir for plots and small-run
callers: every row while there are at most `keep_rows`; past that, the slowest (by
corrected latency) of each stretch, with the stretch doubling whenever the reservoir fills
up — the same thinning the timeline and the HTML plot already applied, done as rows come.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable
from http import HTTPStatus
from operator import sub

from hdrh.histogram import HdrHistogram

from unjam.load.samples import COLUMNS, Samples

HIST_LOWEST_NS = 1
HIST_HIGHEST_NS = 3_600 * 1_000_000_000
HIST_DIGITS = 3


def new_histogram() -> HdrHistogram:
    return HdrHistogram(HIST_LOWEST_NS, HIST_HIGHEST_NS, HIST_DIGITS)


def fill_histogram(hist: HdrHistogram, values: Iterable[int]) -> None:
    """`hist.record_value(v)` for each value, with the index arithmetic inlined.

    Same buckets as the library's `record_value` (its bucket/sub-bucket formulas, with
    `int.bit_length` for its count-leading-zeros), about five times faster — this runs
    once per request after every load run.
    """
    counts = hist.counts
    mask = hist.sub_bucket_mask
    unit = hist.unit_magnitude
    shm = hist.sub_bucket_half_count_magnitude
    half = hist.sub_bucket_half_count
    top = HIST_HIGHEST_NS
    n = 0
    lo, hi = hist.min_value, hist.max_value
    for value in values:
        value = min(max(value, 0), top)
        bucket = (value | mask).bit_length() - unit - shm - 1
        counts[((bucket + 1) << shm) + (value >> (bucket + unit)) - half] += 1
        n += 1
        if value < lo:
            lo = value
        if value > hi:
            hi = value
    hist.total_count += n
    hist.min_value, hist.max_value = lo, hi


def status_error(code: int) -> str:
    """vegeta's error text for a non-2xx/3xx response: the status line."""
    try:
        return f"{code} {HTTPStatus(code).phrase}"
    except ValueError:
        return f"{code} status code {code}"


KEEP_ROWS = 50_000  # API callers (the lab counts per-request outcomes of runs this size)
PLOT_ROWS = 8_192  # the CLI only plots: twice the points the timeline and HTML plot draw
SECOND_NS = 1_000_000_000


class Tally:
    """Running, exact figures of the rows added so far, plus a bounded row reservoir."""

    def __init__(self, hist_bounds: list[int] | None = None, keep_rows: int = KEEP_ROWS) -> None:
        self.requests = 0
        self.successes = 0
        self.status_codes: Counter[int] = Counter()
        self.error_counts: dict[str, int] = {}
        self.error_first: dict[str, tuple[int, int]] = {}  # text -> (intended, sent) first seen
        self.bytes_in = self.bytes_out = 0
        self.earliest_ns = self.latest_ns = self.end_ns = 0
        self.latency_total_ns = self.service_total_ns = 0
        self.latency_min_ns = self.latency_max_ns = 0
        self.service_min_ns = self.service_max_ns = 0
        self.latency_hist: HdrHistogram = new_histogram()
        self.service_hist: HdrHistogram = new_histogram()
        self.per_second: Counter[int] = Counter()
        self.errors_per_second: Counter[int] = Counter()
        self.hist_bounds = list(hist_bounds) if hist_bounds else None
        self.hist_counts = [0] * len(self.hist_bounds or [])
        self.keep_rows = max(2, keep_rows)
        self.stride = 1  # the reservoir keeps the slowest row of each `stride` rows
        self.rows = Samples()
        self.texts = self.rows.errors  # error texts; the reservoir's `error` column indexes it

    @property
    def thinned(self) -> bool:
        """True once the reservoir no longer holds every row."""
        return self.stride > 1

    # ---------------------------------------------------------------- folding rows in
    def add(self, chunk: Samples) -> None:
        """Fold `chunk` in; its `error` column indexes `chunk.errors`."""
        n = len(chunk)
        if not n:
            return
        intended, sent, done = chunk.intended, chunk.sent, chunk.done
        latency = list(map(sub, done, intended))
        service = list(map(sub, done, sent))
        fill_histogram(self.latency_hist, latency)
        fill_histogram(self.service_hist, service)
        first = self.requests == 0
        self._extremes(first, min(latency), max(latency), min(service), max(service))
        self.earliest_ns = min(intended) if first else min(self.earliest_ns, min(intended))
        self.latest_ns = max(intended) if first else max(self.latest_ns, max(intended))
        self.end_ns = max(done) if first else max(self.end_ns, max(done))
        self.latency_total_ns += sum(latency)
        self.service_total_ns += sum(service)
        self.requests += n
        self.bytes_in += sum(chunk.bytes_in)
        self.bytes_out += sum(chunk.bytes_out)
        codes = Counter(chunk.status)
        self.status_codes.update(codes)
        ok = sum(count for code, count in codes.items() if 200 <= code < 400)
        self.successes += ok
        self.per_second.update(i // SECOND_NS for i in intended)
        if ok < n:
            self._errors(chunk)
        if self.hist_bounds:
            self._bucket(latency)
        self._keep(chunk, latency)

    def _extremes(self, first: bool, lat_lo: int, lat_hi: int, svc_lo: int, svc_hi: int) -> None:
        if first:
            self.latency_min_ns, self.latency_max_ns = lat_lo, lat_hi
            self.service_min_ns, self.service_max_ns = svc_lo, svc_hi
            return
        self.latency_min_ns = min(self.latency_min_ns, lat_lo)
        self.latency_max_ns = max(self.latency_max_ns, lat_hi)
        self.service_min_ns = min(self.service_min_ns, svc_lo)
        self.service_max_ns = max(self.service_max_ns, svc_hi)

    def _errors(self, chunk: Samples) -> None:
        """Count each failed row's error text; remember where each text was first seen."""
        counts, first = self.error_counts, self.error_first
        for k, (status, err) in enumerate(zip(chunk.status, chunk.error, strict=True)):
            if 200 <= status < 400:
                continue
            text = chunk.errors[err] if err >= 0 else status_error(status)
            counts[text] = counts.get(text, 0) + 1
            key = (chunk.intended[k], chunk.sent[k])
            if text not in first or key < first[text]:
                first[text] = key
            self.errors_per_second[chunk.intended[k] // SECOND_NS] += 1

    def _bucket(self, latency: list[int]) -> None:
        """vegeta's hist buckets: [b_k, b_k+1); what fits no earlier bucket lands last."""
        bounds, counts = self.hist_bounds, self.hist_counts
        last = len(counts) - 1
        for value in latency:
            k = bisect_right(bounds, value) - 1  # type: ignore[arg-type]
            counts[k if 0 <= k < last else last] += 1

    # ---------------------------------------------------------------- the reservoir
    def _keep(self, chunk: Samples, latency: list[int]) -> None:
        n, stride = len(chunk), self.stride
        picks = (
            range(n)
            if stride == 1
            else [
                max(range(start, min(n, start + stride)), key=latency.__getitem__)
                for start in range(0, n, stride)
            ]
        )
        index = [self._text_index(text) for text in chunk.errors]
        rows = self.rows
        for name, _ in COLUMNS:
            column, source = getattr(rows, name), getattr(chunk, name)
            if name == "error" and chunk.errors:
                column.extend(index[source[k]] if source[k] >= 0 else -1 for k in picks)
            elif stride == 1:
                column.extend(source)
            else:
                column.extend(source[k] for k in picks)
        while len(rows) > self.keep_rows:
            self._halve()

    def _text_index(self, text: str) -> int:
        try:
            return self.texts.index(text)
        except ValueError:
            self.texts.append(text)
            return len(self.texts) - 1

    def _halve(self) -> None:
        """Keep the slowest of each two neighbours (in intended-time order); double the stride."""
        rows = self.rows
        order = self._order()
        latency = [rows.done[k] - rows.intended[k] for k in range(len(rows))]
        picks = [
            max(order[start : start + 2], key=latency.__getitem__)
            for start in range(0, len(order), 2)
        ]
        self._select(picks)
        self.stride *= 2

    def _order(self) -> list[int]:
        rows = self.rows
        return sorted(range(len(rows)), key=lambda k: (rows.intended[k], rows.sent[k]))

    def _select(self, picks: list[int]) -> None:
        rows = self.rows
        for name, code in COLUMNS:
            column = getattr(rows, name)
            setattr(rows, name, array(code, (column[k] for k in picks)))

    def ordered_rows(self) -> Samples:
        """The reservoir sorted by intended send time (as a merged run's rows are)."""
        self._select(self._order())
        return self.rows

    # ---------------------------------------------------------------- derived figures
    def errors_in_order(self) -> dict[str, int]:
        """Error texts with their counts, in the order they first occurred (intended time)."""
        first = self.error_first
        return dict(sorted(self.error_counts.items(), key=lambda kv: first[kv[0]]))

    def series(self, base_ns: int = 0) -> list[tuple[int, int, int]]:
        """(second since `base_ns`, requests, errors) for each second with requests."""
        errors = self.errors_per_second
        return [
            (second - base_ns // SECOND_NS, count, errors.get(second, 0))
            for second, count in sorted(self.per_second.items())
        ]
