"""`unjam diff OLD NEW`: before/after per route, and a CI gate on regressions.

A route regresses when its ceiling throughput falls, or its unloaded p99 latency rises, by more
than the threshold *and* by more than the noise: two runs of the same code differ (by 14% in
throughput and 40% in p99 on a busy machine), so each report carries its figures' own spread
(measured over the windows of each load step) and a change inside NOISE_Z times the combined
spread is noise, not a regression. A route that failed before and works now is "fixed"; one
that worked and fails now regresses. Causes that appear or disappear between the two reports
are listed too (matched by rule code, file name and line), as the explanation of the numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from unjam.doctor.report import load
from unjam.doctor.summary import wide_console
from unjam.errors import UserError


def parse_threshold(text: str) -> float:
    """ "10%", "10" and "0.1" (a fraction below 1) all mean ten percent."""
    raw = text.strip().rstrip("%").strip()
    try:
        value = float(raw)
    except ValueError:
        raise UserError(f"--threshold {text!r} is not a percentage like 10%") from None
    if not text.strip().endswith("%") and 0 < value < 1:
        value *= 100
    if value < 0:
        raise UserError(f"--threshold {text!r} must not be negative")
    return value


# A change counts when it exceeds this many combined standard deviations of the two runs.
NOISE_Z = 3.0
# p99 latencies this close are the same, whatever the percentage (timer and scheduler grain).
P99_FLOOR_MS = 2.0


@dataclass
class RouteDelta:
    route: str
    old_rps: float | None
    new_rps: float | None
    old_p99: float | None
    new_p99: float | None
    threshold: float
    old_noise: dict | None = None  # {"throughput": relative spread, "p99_range": [lo, hi]}
    new_noise: dict | None = None
    old_failing: bool = False
    new_failing: bool = False

    @staticmethod
    def change(old: float | None, new: float | None) -> float | None:
        if old is None or new is None or old == 0:
            return None
        return (new - old) / old * 100.0

    @property
    def rps_change(self) -> float | None:
        return self.change(self.old_rps, self.new_rps)

    @property
    def p99_change(self) -> float | None:
        return self.change(self.old_p99, self.new_p99)

    def margin(self, key: str) -> float:
        """The percentage a change must exceed: the threshold, or the runs' noise if larger."""
        spreads = [(noise or {}).get(key) for noise in (self.old_noise, self.new_noise)]
        known = [s for s in spreads if s is not None]
        if not known:
            return self.threshold
        combined = math.sqrt(sum(s * s for s in known) * (2 / len(known)))  # both runs
        return max(self.threshold, NOISE_Z * combined * 100.0)

    @property
    def regressions(self) -> list[str]:
        found = []
        if self.new_failing and not self.old_failing:
            return ["now failing"]
        if self.new_failing:
            return []  # still failing: no figure to compare
        if self.rps_change is not None and self.rps_change < -self.margin("throughput"):
            found.append(f"throughput {self.rps_change:+.1f}%")
        elif self.old_rps and self.new_rps == 0:
            found.append("throughput fell to 0")
        if (
            self.p99_change is not None
            # the machine's drift moves latency as much as throughput: its margin holds too
            and self.p99_change > self.margin("throughput")
            and (self.new_p99 or 0) - (self.old_p99 or 0) > P99_FLOOR_MS
            and self._p99_apart()
        ):
            found.append(f"p99 {self.p99_change:+.1f}%")
        return found

    def _p99_apart(self) -> bool:
        """The new p99's interval lies above the old one's by more than the threshold (each
        report gives where its p99 lies, over its rounds and the percentile's own spread)."""
        old = (self.old_noise or {}).get("p99_range")
        new = (self.new_noise or {}).get("p99_range")
        if not old or not new:
            return True  # reports without intervals: the threshold alone decides
        return new[0] > old[1] * (1 + self.threshold / 100.0)

    @property
    def verdict(self) -> str:
        if self.old_rps is None:
            return "[dim]new route[/dim]"
        if self.new_rps is None:
            return "[dim]route gone[/dim]"
        if self.old_failing and not self.new_failing:
            return "[green]fixed: was failing, now works[/green]"
        if self.regressions:
            return "[bold red]REGRESSION[/bold red] " + ", ".join(self.regressions)
        if self.old_failing:
            return "[yellow]still failing[/yellow]"
        if (self.rps_change or 0) > self.margin("throughput"):
            return "[green]faster[/green]"
        if self.rps_change is not None and abs(self.rps_change) > self.threshold:
            return f"[dim]within noise (±{self.margin('throughput'):.0f}%)[/dim]"
        return ""


def _causes(report: dict) -> dict[tuple, str]:
    out = {}
    for item in report.get("ranked") or []:
        if item.get("status") not in ("confirmed", "seen only at runtime") or item.get("minor"):
            continue
        key = (
            item.get("code"),
            Path(item.get("path") or "").name,
            item.get("line"),
            item.get("route"),
        )
        out[key] = item.get("message", "").split("; fix: ")[0]
    return out


def compare(old: dict, new: dict, threshold: float) -> list[RouteDelta]:
    deltas = []
    routes = list(old["routes"]) + [r for r in new["routes"] if r not in old["routes"]]
    for route in routes:
        before = (old["routes"].get(route) or {}).get("headline") or {}
        after = (new["routes"].get(route) or {}).get("headline") or {}
        deltas.append(
            RouteDelta(
                route,
                before.get("throughput_rps") if route in old["routes"] else None,
                after.get("throughput_rps") if route in new["routes"] else None,
                before.get("latency_p99_ms"),
                after.get("latency_p99_ms"),
                threshold,
                old_noise=_noise(before),
                new_noise=_noise(after),
                old_failing=_failing(old["routes"].get(route), before),
                new_failing=_failing(new["routes"].get(route), after),
            )
        )
    return deltas


def _noise(headline: dict) -> dict | None:
    if headline.get("throughput_noise") is None and headline.get("p99_range_ms") is None:
        return None
    return {
        "throughput": headline.get("throughput_noise"),
        "p99_range": headline.get("p99_range_ms"),
    }


def _failing(run: dict | None, headline: dict) -> bool:
    """The route answered nothing at some level (or froze the server)."""
    if run is None:
        return False
    return bool(headline.get("failing") or run.get("failing") or run.get("frozen"))


def _fmt(value: float | None, fmt: str = "{:.1f}") -> str:
    return "—" if value is None else fmt.format(value)


def run_diff(
    old_path: Path, new_path: Path, threshold: float, console: Console | None = None
) -> int:
    old, new = load(old_path), load(new_path)
    console = console or wide_console()
    deltas = compare(old, new, threshold)
    table = Table(
        title=f"unjam diff (regression threshold {threshold:g}%)",
        title_justify="left",
        show_edge=False,
    )
    for name in (
        "route",
        "rps before",
        "rps after",
        "change",
        "p99 before",
        "p99 after",
        "change",
        "",
    ):
        table.add_column(name, justify="left" if name in ("route", "") else "right")
    failed = False
    for delta in deltas:
        verdict = delta.verdict
        failed = failed or (
            delta.old_rps is not None and delta.new_rps is not None and bool(delta.regressions)
        )
        table.add_row(
            delta.route,
            _fmt(delta.old_rps),
            _fmt(delta.new_rps),
            _fmt(delta.rps_change, "{:+.1f}%"),
            _fmt(delta.old_p99),
            _fmt(delta.new_p99),
            _fmt(delta.p99_change, "{:+.1f}%"),
            verdict,
        )
    console.print(table)
    before, after = _causes(old), _causes(new)
    for key in after.keys() - before.keys():
        console.print(f"[red]new cause:[/red] {after[key]}", highlight=False)
    for key in before.keys() - after.keys():
        console.print(f"[green]gone:[/green] {before[key]}", highlight=False)
    console.print(
        "[bold red]regression past the threshold[/bold red]" if failed else "no regression"
    )
    return 1 if failed else 0
