"""The doctor's terminal summary (rich): per-route figures, then the ranked causes."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table


def wide_console(stderr: bool = False) -> Console:
    """A console that does not wrap table rows at 80 columns when writing to a log or a pipe."""
    console = Console(stderr=stderr)
    return console if console.is_terminal else Console(stderr=stderr, width=160)


STATUS_STYLE = {
    "confirmed": "bold red",
    "seen only at runtime": "magenta",
    "not confirmed": "yellow",
    "not exercised": "dim",
}


def _num(value, fmt: str = "{:.1f}") -> str:
    return "" if value is None else fmt.format(value)


def print_summary(report: dict, out: Path | None = None, console: Console | None = None) -> None:
    console = console or wide_console()
    console.print(f"[bold]unjam run[/bold] {report['app']}  [dim]({report['wall_s']} s)[/dim]")
    frozen = (report.get("summary") or {}).get("routes_frozen")
    if frozen:
        console.print(
            f"[red]{frozen} route(s) froze the server under load; the app was restarted "
            "before each next route[/red]"
        )
    static = report.get("static") or {}
    if static.get("error"):
        console.print(f"[yellow]unjam check: {static['error']}[/yellow]")
    probe = report.get("probe") or {}
    if probe.get("errors"):
        console.print(
            f"[yellow]the probe reported {probe.get('errors')} internal error(s): "
            f"{'; '.join(probe.get('warnings') or [])}[/yellow]",
            highlight=False,
        )
    elif probe.get("warnings"):
        console.print(f"[dim]the probe: {'; '.join(probe['warnings'])}[/dim]", highlight=False)
    if report.get("partial"):
        console.print("[yellow]interrupted: a partial report of what was measured[/yellow]")

    table = Table(title="Routes", title_justify="left", show_edge=False)
    for name in ("route", "ceiling rps", "sustainable rps", "p50 ms", "p99 ms", "limited by"):
        table.add_column(name, justify="left" if name in ("route", "limited by") else "right")
    for route, run in (report.get("routes") or {}).items():
        cap = run.get("capacity") or {}
        head = run.get("headline") or {}
        knee = run.get("knee") or {}
        limit = cap.get("limit") or ""
        if limit and not cap.get("explains"):
            limit += " (not reached)"
        if run.get("stream"):
            limit = f"{run['stream']} stream: latency is the time to its first event"
        if run.get("frozen"):
            limit = f"[red]froze the server at {run['frozen'].get('at')}[/red]"
        elif run.get("failing"):
            limit = f"[red]{run['failing']}[/red]"
        table.add_row(
            route,
            _num(cap.get("measured_rps")),
            _num(knee.get("sustainable_rps") or None),
            _num(head.get("latency_p50_ms")),
            _num(head.get("latency_p99_ms")),
            limit,
        )
    console.print(table)
    for skipped in report.get("skipped_routes") or []:
        console.print(f"[dim]skipped {skipped['route']}: {skipped['reason']}[/dim]")

    everything = report.get("ranked") or []
    ranked = [item for item in everything if not item.get("minor")]
    warmup = sum(1 for item in everything if item.get("warmup"))
    minor = len(everything) - len(ranked) - warmup
    if not everything:
        console.print(
            "[green]No cause found: no stall, no thread-pool waiting, no finding.[/green]"
        )
    for item in ranked[:10]:
        style = STATUS_STYLE.get(item["status"], "")
        where = f"{Path(item['path']).name}:{item['line']}" if item.get("path") else ""
        console.print(
            f"[bold]#{item['rank']}[/bold] [{style}]{item['status']}[/{style}] "
            f"{item.get('code') or ''} [dim]{where}[/dim]"
        )
        console.print(f"   {item['message']}", highlight=False)
        if item.get("evidence"):
            console.print(f"   [dim]evidence: {item['evidence']}[/dim]", highlight=False)
    if len(ranked) > 10:
        console.print(f"[dim]... and {len(ranked) - 10} more in the report[/dim]")
    if minor:
        console.print(
            f"[dim]{minor} isolated stall(s) under 1 ms per request (GC, logging, the OS) "
            "are listed in the report[/dim]"
        )
    if warmup:
        console.print(
            f"[dim]{warmup} warm-up cost(s) paid once per process (thread-pool growth, import "
            "at first use) are listed in the report[/dim]"
        )
    if out is not None:
        console.print(f"report: {out / 'report.html'}  (data: {out / 'report.json'})")
