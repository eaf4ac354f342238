"""How much a load step's own figures vary: the noise `unjam diff` compares changes with.

Two runs of the same code differ, so a fixed percentage threshold calls noise a regression.
Each step records the relative spread of its throughput across equal time windows, of its
windows' p99s, and the interval where its p99 lies (which sample is the 99th percentile is
a binomial matter: with a few hundred requests it spans the last, most scattered samples).
"""

from __future__ import annotations

NOISE_WINDOWS = 4


def step_noise(result) -> dict | None:
    """How much the step's own figures vary: throughput and p99 across equal time windows
    (standard deviation over the mean), and the interval where the step's p99 lies. With
    too few requests for a spread, the interval is their whole range."""
    rows = [r for r in getattr(result, "timeline", None) or [] if 200 <= int(r[2] or 0) < 400]
    if len(rows) < 8 * NOISE_WINDOWS:
        # Too few requests for a spread: their p99 could be anywhere between the extremes.
        latencies = [float(r[1]) for r in rows]
        return (
            {"throughput": None, "p99": None, "p99_range": [min(latencies), max(latencies)]}
            if len(latencies) > 1
            else None
        )
    start, end = float(rows[0][0]), float(rows[-1][0])
    width = (end - start) / NOISE_WINDOWS
    if width <= 0:
        return None
    windows: list[list[float]] = [[] for _ in range(NOISE_WINDOWS)]
    for row in rows:
        windows[min(NOISE_WINDOWS - 1, int((float(row[0]) - start) / width))].append(float(row[1]))
    counts = [len(w) for w in windows]
    p99s = [sorted(w)[min(len(w) - 1, int(0.99 * len(w)))] for w in windows if w]
    low, high = _p99_interval(sorted(float(r[1]) for r in rows))
    return {
        "throughput": _relative_sd(counts),
        "p99": _relative_sd(p99s),
        "p99_range": [round(min(low, *p99s), 3), round(max(high, *p99s), 3)],
    }


def _p99_interval(latencies: list[float]) -> tuple[float, float]:
    """Where the true p99 lies (about 95%): which sample is the 99th percentile is a binomial
    matter (n x 0.01 +- 2 sd ranks), and with a few hundred requests that spans the last few,
    most scattered samples."""
    n = len(latencies)
    rank = 0.99 * n
    reach = 2 * (n * 0.01 * 0.99) ** 0.5
    return latencies[max(0, int(rank - reach))], latencies[min(n - 1, int(rank + reach))]


def _relative_sd(values: list[float]) -> float | None:
    """Standard deviation over the mean (a machine's load varies over seconds: a step's
    windows differ as much as two runs do)."""
    if len(values) < 2:
        return None
    mean = sum(values) / len(values)
    if mean <= 0:
        return None
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return round(variance**0.5 / mean, 4)
