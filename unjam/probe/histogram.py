"""Fixed-size latency histograms for the probe's hot path.

Why not `hdrhistogram`: its `record_value` is pure Python and costs ~1.4 µs per value on
the reference machine, and the probe records 3–6 values per request (total, dependencies,
endpoint, serialization, ...). At hello-world saturation (~250 µs of CPU per request) that
alone would cost 2–3 % of throughput, the whole overhead budget. A `bisect` over a fixed,
precomputed table of log-spaced bounds is ~0.13 µs, needs no allocation, and its memory is
constant (one list of ~200 ints per histogram). The price is resolution: percentiles are
exact to within one bucket (≤ 8 % relative), which is plenty for "where do the 530 ms go?".

The bounds are shared by every histogram, so Prometheus exposition (cumulative buckets)
and percentiles read the same table. Values are milliseconds.
"""

from __future__ import annotations

from bisect import bisect_left

_GROWTH = 1.08
_LOWEST_MS = 0.005
_HIGHEST_MS = 120_000.0


def _build_bounds() -> tuple[float, ...]:
    bounds = []
    value = _LOWEST_MS
    while value < _HIGHEST_MS:
        bounds.append(round(value, 6))
        value *= _GROWTH
    bounds.append(_HIGHEST_MS)
    return tuple(bounds)


BOUNDS_MS: tuple[float, ...] = _build_bounds()
"""Upper bound (inclusive) of each bucket; one extra overflow bucket follows the last."""

# Coarser bounds for Prometheus (`le` labels); each is snapped to a BOUNDS_MS entry so the
# cumulative counts are exact.
PROMETHEUS_BOUNDS_MS: tuple[float, ...] = tuple(
    BOUNDS_MS[bisect_left(BOUNDS_MS, b)]
    for b in (0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000)
)


class Histogram:
    """Counts per fixed bucket, plus count/sum/max. Record on one thread, read from any."""

    __slots__ = ("count", "counts", "max", "sum")

    def __init__(self) -> None:
        self.counts = [0] * (len(BOUNDS_MS) + 1)
        self.count = 0
        self.sum = 0.0
        self.max = 0.0

    def record(self, value_ms: float, _bisect=bisect_left, _bounds=BOUNDS_MS) -> None:
        self.counts[_bisect(_bounds, value_ms)] += 1
        self.count += 1
        self.sum += value_ms
        if value_ms > self.max:
            self.max = value_ms

    def replace(self, old_ms: float, new_ms: float, _bisect=bisect_left, _bounds=BOUNDS_MS) -> None:
        """Replace one recorded value with a larger one (a running sum that grew).

        The count stays; the max stays right because values only grow. A reader on another
        thread may see the new bucket counted before the old one is emptied: one value too
        many, for an instant.
        """
        counts = self.counts
        counts[_bisect(_bounds, new_ms)] += 1
        counts[_bisect(_bounds, old_ms)] -= 1
        self.sum += new_ms - old_ms
        if new_ms > self.max:
            self.max = new_ms

    def percentile(self, pct: float) -> float:
        """The upper bound of the bucket holding the pct-th value, capped at the max seen."""
        counts = list(self.counts)  # one atomic copy; the recorder may be on another thread
        total = sum(counts)
        if total == 0:
            return 0.0
        rank = max(1, round(total * pct / 100.0 + 0.4999))
        seen = 0
        for index, bucket in enumerate(counts):
            seen += bucket
            if seen >= rank:
                bound = BOUNDS_MS[index] if index < len(BOUNDS_MS) else self.max
                return min(bound, self.max)
        return self.max

    def mean(self) -> float:
        return self.sum / self.count if self.count else 0.0

    def summary(self, *, with_max: bool = True) -> dict[str, float]:
        out = {"p50": round(self.percentile(50), 3), "p99": round(self.percentile(99), 3)}
        if with_max:
            out["max"] = round(self.max, 3)
        return out

    def cumulative(self, bounds_ms: tuple[float, ...] = PROMETHEUS_BOUNDS_MS) -> list[int]:
        """Cumulative counts at each of `bounds_ms` (each must be one of BOUNDS_MS)."""
        counts = list(self.counts)
        out = []
        running = 0
        index = 0
        for bound in bounds_ms:
            stop = bisect_left(BOUNDS_MS, bound) + 1
            running += sum(counts[index:stop])
            index = stop
            out.append(running)
        return out
