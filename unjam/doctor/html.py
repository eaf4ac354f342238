"""Render report.json as one self-contained HTML page (inline CSS and SVG, no script, no CDN).

The page is for the engineer who asked "where do the 530 ms go?": the ranked causes first,
each with its evidence, stack (with the source lines, read from the files now) and fix; then
each route's throughput-versus-concurrency, latency and latency-over-time charts with the
capacity model's ceilings drawn on them; then the thread pool over time.
"""

from __future__ import annotations

import linecache
import re
from pathlib import Path

import jinja2

from unjam.doctor import charts

TEMPLATE = "report.html.j2"


def source_line(path: str | None, line: int | None) -> str:
    if not path or not line:
        return ""
    return linecache.getline(path, int(line)).rstrip()


def stack_rows(stack: list[dict], blocking: tuple[str, int] | None = None) -> list[dict]:
    """Outermost first, each frame with its source line; the blocking frame flagged."""
    rows = []
    for frame in stack:
        path, line = frame.get("path"), frame.get("line")
        rows.append(
            {
                "path": path,
                "line": line,
                "function": frame.get("function"),
                "source": source_line(path, line).strip(),
                "blocking": blocking is not None and (path, line) == blocking,
            }
        )
    return rows


def _package(path: str | None) -> str:
    """`fastapi` for .../site-packages/fastapi/routing.py, `asyncio` for the stdlib's."""
    parts = Path(path or "?").parts
    for marker in ("site-packages", "dist-packages"):
        if marker in parts:
            index = parts.index(marker)
            return parts[index + 1] if index + 1 < len(parts) else "?"
    if "unjam" in parts and "probe" in parts:
        return "unjam probe"
    name = parts[-1] if parts else "?"
    return parts[-2] if name == "__init__.py" and len(parts) > 1 else name.removesuffix(".py")


def condensed(rows: list[dict], project_roots: list[str]) -> list[dict]:
    """The stack as a reader wants it: the app's frames, the blocking frame and the innermost
    frame in full; each run of library frames between them folded into one line."""
    from unjam.doctor.stalls import is_project_file

    out: list[dict] = []
    run: list[dict] = []

    def flush() -> None:
        if not run:
            return
        packages = list(dict.fromkeys(_package(r["path"]) for r in run))
        out.append({"folded": len(run), "packages": ", ".join(packages)})
        run.clear()

    for index, row in enumerate(rows):
        keep = row["blocking"] or index == len(rows) - 1
        if not keep and not is_project_file(str(row["path"] or ""), project_roots):
            run.append(row)
            continue
        flush()
        out.append(row)
    flush()
    return out


def route_charts(route: str, run: dict, slug: str) -> list[str]:
    sweep = [s for s in run.get("steps", []) if s.get("phase") == "sweep"]
    cap = run.get("capacity") or {}
    throughput = charts.Chart(
        title="Throughput vs concurrency",
        x_label="concurrent requests (closed model)",
        y_label="requests/s",
        x_log2=True,
        chart_id=f"{slug}-throughput",
        series=[
            charts.Series(
                "measured",
                [(s["concurrency"], s.get("throughput_rps") or 0.0) for s in sweep],
                style="both",
            )
        ],
    )
    for name, key, color in (
        ("loop ceiling", "loop_ceiling_rps", "#dc2626"),
        ("pool ceiling", "pool_ceiling_rps", "#d97706"),
    ):
        if cap.get(key):
            throughput.references.append(
                charts.Reference(f"{name} {cap[key]:.1f}", cap[key], color)
            )
    latency = charts.Chart(
        title="Latency vs concurrency",
        x_label="concurrent requests",
        y_label="ms",
        x_log2=True,
        chart_id=f"{slug}-latency",
        series=[
            charts.Series(
                label,
                [(s["concurrency"], (s.get("latency_ms") or {}).get(label)) for s in sweep],
                style="both",
            )
            for label in ("p50", "p99")
        ],
    )
    timeline = run.get("timeline") or {}
    points = timeline.get("points") or []
    ok = [(p[0], p[1]) for p in points if 200 <= (p[2] or 0) < 400]
    bad = [(p[0], p[1]) for p in points if not 200 <= (p[2] or 0) < 400]
    over_time = charts.Chart(
        title=f"Latency over time at {timeline.get('concurrency', '?')} concurrent",
        x_label="seconds into the step",
        y_label="ms",
        chart_id=f"{slug}-timeline",
        series=[charts.Series("ok", ok, style="points", color="#2563eb")]
        + ([charts.Series("error", bad, style="points", color="#dc2626")] if bad else []),
    )
    rendered = [charts.render(throughput), charts.render(latency), charts.render(over_time)]
    knee = run.get("knee") or {}
    if knee.get("steps"):
        knee_chart = charts.Chart(
            title="Knee search (open model)",
            x_label="offered rate (requests/s)",
            y_label="achieved requests/s",
            chart_id=f"{slug}-knee",
            series=[
                charts.Series(
                    "achieved",
                    [(k["rate"], k.get("throughput_rps") or 0.0) for k in knee["steps"]],
                    style="both",
                ),
                charts.Series(
                    "offered",
                    [(k["rate"], k["rate"]) for k in knee["steps"]],
                    dashed=True,
                    color="#9ca3af",
                ),
            ],
        )
        if knee.get("sustainable_rps"):
            knee_chart.references.append(
                charts.Reference(
                    f"sustainable {knee['sustainable_rps']:.1f}", knee["sustainable_rps"], "#059669"
                )
            )
        rendered.append(charts.render(knee_chart))
    return rendered


def pool_chart(report: dict) -> str:
    pool = report.get("threadpool") or {}
    rows = pool.get("timeline") or []
    chart = charts.Chart(
        title="Thread pool over the whole run",
        x_label="seconds since the first step",
        y_label="tokens / waiting tasks",
        chart_id="threadpool",
        series=[
            charts.Series("borrowed", [(r[0], r[1]) for r in rows], color="#2563eb"),
            charts.Series("waiting", [(r[0], r[2]) for r in rows], color="#dc2626"),
        ],
    )
    if pool.get("total_tokens"):
        chart.references.append(
            charts.Reference(f"total tokens {pool['total_tokens']}", pool["total_tokens"])
        )
    return charts.render(chart, width=940, height=240)


def _slug(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", "-", text.lower()).strip("-") or "route"


def render_html(report: dict) -> str:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("unjam.doctor", "templates"),
        autoescape=jinja2.select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    routes = []
    used: set[str] = set()
    for route, run in (report.get("routes") or {}).items():
        slug = _slug(route)
        while slug in used:  # "GET /a" and "GET /a/" must not share chart ids
            slug += "-x"
        used.add(slug)
        routes.append(
            {
                "route": route,
                "slug": slug,
                "run": run,
                "charts": route_charts(route, run, slug),
            }
        )
    libraries = [str((report.get("static") or {}).get("source_dir") or "")]
    ranked = []
    for item in report.get("ranked") or []:
        blocking = (item.get("path"), item.get("line"))
        rows = stack_rows(item.get("stack") or [], blocking)
        ranked.append(
            {
                **item,
                "stack_rows": rows,
                "stack_short": condensed(rows, libraries),
                "source": source_line(item.get("path"), item.get("line")).strip(),
                "short_path": _short_path(item.get("path")),
                "title": item.get("message", "").split("; fix: ")[0],
            }
        )
    findings = []
    for finding in report.get("findings") or []:
        chain = [
            {**step, "source": source_line(step.get("abs_path"), step.get("line")).strip()}
            for step in finding.get("chain") or []
        ]
        findings.append({**finding, "chain_rows": chain})
    return env.get_template(TEMPLATE).render(
        report=report,
        routes=routes,
        ranked=ranked,
        findings=findings,
        pool_chart=pool_chart(report),
        stalls=report.get("stalls") or [],
    )


def _short_path(path: str | None) -> str:
    if not path:
        return ""
    parts = Path(path).parts
    return "/".join(parts[-3:])
