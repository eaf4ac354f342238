"""`LoadResult`: the numbers of one load run, from its `Tally` (see tally.py).

Latency percentiles come from HDR histograms (the `hdrhistogram` library, nanoseconds,
3 significant digits, up to one hour), filled from every row as the rows arrive (from the
engine, from worker processes, or from results files being merged), so they are exact and
no run keeps all its rows. Min, mean and max are exact. Two histograms are kept: *latency*
(completion minus the intended send time: coordinated-omission corrected in the open model)
and *service time* (completion minus the actual send).

Field meanings follow vegeta's `Metrics`: `requests` counts requests that were sent,
`attack_s` spans the first to the last intended send, `wait` runs from the last send to the
last completion, `rate` is requests / attack, `throughput` is successes (status 200–399)
/ (attack + wait).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from hdrh.histogram import HdrHistogram

from unjam.errors import UserError
from unjam.load.samples import Samples
from unjam.load.tally import (  # noqa: F401 (the HDR helpers' former home re-exports them)
    HIST_DIGITS,
    HIST_HIGHEST_NS,
    HIST_LOWEST_NS,
    Tally,
    fill_histogram,
    new_histogram,
    status_error,
)

TIMELINE_POINTS = 4000


def histograms_from_samples(samples: Samples) -> tuple[HdrHistogram, HdrHistogram]:
    """(corrected latency, service time) histograms of `samples`."""
    latency, service = new_histogram(), new_histogram()
    fill_histogram(latency, (d - i for i, d in zip(samples.intended, samples.done, strict=True)))
    fill_histogram(service, (d - t for t, d in zip(samples.sent, samples.done, strict=True)))
    return latency, service


@dataclass
class RunInfo:
    """How the run was configured and how the generator itself fared (the self-check)."""

    model: str = "closed"  # "open" or "closed"
    planned_rate: float | None = None
    concurrency: int | None = None
    planned_duration_s: float | None = None
    planned_requests: int | None = None
    workers: int = 1
    connections: int | None = None
    max_connections: int | None = None
    timeout_s: float = 30.0
    started_at_unix_ns: int = 0
    targets: list[dict] = field(default_factory=list)
    dropped: int = 0
    late: int = 0
    late_threshold_ms: float = 5.0
    interrupted: bool = False
    selfcheck: dict[str, Any] = field(default_factory=dict)
    valid: bool = True
    invalid_reason: str | None = None
    loop: str = "uvloop"

    def to_dict(self) -> dict:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: dict) -> RunInfo:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)


class LoadResult:
    """Everything a report needs: the figures of a `Tally` (or of rows given at once)."""

    def __init__(
        self,
        samples: Samples | None = None,
        info: RunInfo | None = None,
        tally: Tally | None = None,
    ) -> None:
        if tally is None:
            tally = Tally()
            tally.add(samples if samples is not None else Samples())
        self.tally = tally
        self.info = info or RunInfo()
        self.samples = tally.ordered_rows()  # every row, or a thinned reservoir: see tally.py
        self.latency_hist, self.service_hist = tally.latency_hist, tally.service_hist
        self._aggregate()

    # ---------------------------------------------------------------- aggregation
    def _aggregate(self) -> None:
        t = self.tally
        n = self.requests = t.requests
        self.status_codes: dict[int, int] = dict(t.status_codes)
        self.errors: dict[str, int] = t.errors_in_order()
        self.successes = successes = t.successes
        self.bytes_in, self.bytes_out = t.bytes_in, t.bytes_out
        self._min_ns, self._max_ns = t.latency_min_ns, t.latency_max_ns
        self._service_min_ns, self._service_max_ns = t.service_min_ns, t.service_max_ns
        self.earliest_ns, self.latest_ns, self.end_ns = t.earliest_ns, t.latest_ns, t.end_ns
        self.attack_ns = t.latest_ns - t.earliest_ns
        self.wait_ns = t.end_ns - t.latest_ns
        self.latency_total_ns = t.latency_total_ns
        self.service_total_ns = t.service_total_ns
        self.attack_s = self.attack_ns / 1e9
        self.duration_s = (self.attack_ns + self.wait_ns) / 1e9
        if self.attack_ns > 0:
            self.rate = n / self.attack_s
            self.throughput = successes / self.duration_s
        else:
            self.rate = float(n)
            self.throughput = float(successes)
        self.success_ratio = successes / n if n else 0.0

    @property
    def per_second(self) -> list[tuple[int, int, int]]:
        """(second of the attack, requests, errors) by intended send time, every row counted."""
        return self.tally.series()

    def hist_counts(self, bounds: list[int]) -> list[int]:
        """Requests per `hist[...]` bucket: exact when the bounds were known while tallying
        or when every row is still held; otherwise a one-line error saying what to do."""
        if self.tally.hist_bounds == bounds:
            return list(self.tally.hist_counts)
        if self.tally.thinned:
            raise UserError(
                "hist[...]: this result no longer holds every request; write it with "
                "--output and run `unjam report FILE --format 'hist[...]'`"
            )
        exact = Tally(hist_bounds=bounds, keep_rows=1)
        exact.add(self.samples)
        return exact.hist_counts

    # ---------------------------------------------------------------- self-check passthrough
    @property
    def late(self) -> int:
        return self.info.late

    @property
    def dropped(self) -> int:
        return self.info.dropped

    @property
    def valid(self) -> bool:
        return self.info.valid

    @property
    def invalid_reason(self) -> str | None:
        return self.info.invalid_reason

    @property
    def interrupted(self) -> bool:
        return self.info.interrupted

    # ---------------------------------------------------------------- latencies
    def _quantile_ns(self, hist: HdrHistogram, q: float, lo: int, hi: int) -> int:
        if not self.requests:
            return 0
        if q <= 0:
            return lo
        if q >= 100:
            return hi
        return min(max(hist.get_value_at_percentile(q), lo), hi)

    def latency_ns(self, q: float) -> int:
        """Latency at percentile q (0–100) in ns: corrected in the open model."""
        return self._quantile_ns(self.latency_hist, q, self._min_ns, self._max_ns)

    def service_ns(self, q: float) -> int:
        return self._quantile_ns(self.service_hist, q, self._service_min_ns, self._service_max_ns)

    def latency_ms(self, q: float) -> float:
        return self.latency_ns(q) / 1e6

    def service_ms(self, q: float) -> float:
        return self.service_ns(q) / 1e6

    def latencies_ns(self, quantiles: list[float], service: bool = False) -> dict[float, int]:
        """Several percentiles in one pass over the histogram."""
        hist = self.service_hist if service else self.latency_hist
        lo, hi = (
            (self._service_min_ns, self._service_max_ns)
            if service
            else (self._min_ns, self._max_ns)
        )
        inner = [q for q in quantiles if 0 < q < 100]
        values = hist.get_percentile_to_value_dict(inner) if inner and self.requests else {}
        out = {}
        for q in quantiles:
            if not self.requests:
                out[q] = 0
            elif q <= 0:
                out[q] = lo
            elif q >= 100:
                out[q] = hi
            else:
                out[q] = min(max(values[q], lo), hi)
        return out

    @property
    def min_ms(self) -> float:
        return self._min_ns / 1e6

    @property
    def max_ms(self) -> float:
        return self._max_ns / 1e6

    @property
    def mean_ns(self) -> float:
        return self.latency_total_ns / self.requests if self.requests else math.nan

    @property
    def mean_ms(self) -> float:
        return self.mean_ns / 1e6

    @property
    def service_mean_ns(self) -> float:
        return self.service_total_ns / self.requests if self.requests else math.nan

    # ---------------------------------------------------------------- timeline
    @property
    def timeline(self) -> list[tuple[float, float, int]]:
        """(seconds since start, latency ms, status); at most ~TIMELINE_POINTS points.

        When thinned, each stride keeps its slowest request, so stalls stay visible.
        """
        s = self.samples
        n = len(s)
        stride = max(1, math.ceil(n / TIMELINE_POINTS))
        points = []
        for start in range(0, n, stride):
            stop = min(n, start + stride)
            pick = max(range(start, stop), key=lambda k: s.done[k] - s.intended[k])
            points.append(
                (
                    (s.intended[pick] - self.earliest_ns) / 1e9,
                    (s.done[pick] - s.intended[pick]) / 1e6,
                    s.status[pick],
                )
            )
        return points

    # ---------------------------------------------------------------- reports
    def to_vegeta_text(self) -> str:
        from unjam.load.report import vegeta_text

        return vegeta_text(self)

    def to_vegeta_json(self) -> dict:
        from unjam.load.report import vegeta_json

        return vegeta_json(self)

    def to_json(self) -> dict:
        from unjam.load.report import unjam_json

        return unjam_json(self)

    def __repr__(self) -> str:
        return (
            f"LoadResult(requests={self.requests}, throughput={self.throughput:.1f}/s, "
            f"p50={self.latency_ms(50):.1f}ms, p99={self.latency_ms(99):.1f}ms, "
            f"success={self.success_ratio:.2%}, valid={self.valid})"
        )
