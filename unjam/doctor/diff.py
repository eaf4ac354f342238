"""`unjam diff OLD NEW`: before/after per route, and a CI gate on regressions.

A route regresses when its ceiling throughput falls, or its unloaded p99 latency rises, by more
than the threshold. Causes that appear or disappear between the two reports are listed too
(matched by rule code, file name and line), as the explanation of the numbers.
"""

from __future__ import annotations

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


@dataclass
class RouteDelta:
    route: str
    old_rps: float | None
    new_rps: float | None
    old_p99: float | None
    new_p99: float | None
    threshold: float

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

    @property
    def regressions(self) -> list[str]:
        found = []
        if self.rps_change is not None and self.rps_change < -self.threshold:
            found.append(f"throughput {self.rps_change:+.1f}%")
        elif self.old_rps and self.new_rps == 0:
            found.append("throughput fell to 0")
        if self.p99_change is not None and self.p99_change > self.threshold:
            found.append(f"p99 {self.p99_change:+.1f}%")
        return found


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
            )
        )
    return deltas


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
        verdict = ""
        if delta.old_rps is None:
            verdict = "[dim]new route[/dim]"
        elif delta.new_rps is None:
            verdict = "[dim]route gone[/dim]"
        elif delta.regressions:
            failed = True
            verdict = "[bold red]REGRESSION[/bold red] " + ", ".join(delta.regressions)
        elif (delta.rps_change or 0) > threshold:
            verdict = "[green]faster[/green]"
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
