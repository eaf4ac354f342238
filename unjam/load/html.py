"""A self-contained HTML page: latency over time as an inline SVG, plus the text report.

vegeta's plot embeds a JS charting library; the SVG here is drawn by unjam's own small
renderer (`unjam/charts.py`), so the page has no script, no CDN and no external reference at
all — it opens offline, in a CI artifact viewer, or attached to an issue. Each dot is one
request (thinned to a few thousand, keeping the slowest of each stretch so stalls stay
visible): corrected latency in blue, service time in grey (open model), errors in red. The y
axis is logarithmic when the latencies span more than two decades, as stalls usually make them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from unjam import charts

if TYPE_CHECKING:
    from unjam.load.result import LoadResult

WIDTH, HEIGHT = 960, 420
MAX_POINTS = 4000
LATENCY, SERVICE, ERROR = "#1f6fd1", "#9a9a9a", "#d62728"
TEMPLATE = "report.html.j2"


def _thin(result: LoadResult, service: bool) -> list[tuple[float, float, bool]]:
    s = result.samples
    n = len(s)
    stride = max(1, math.ceil(n / MAX_POINTS))
    starts = s.sent if service else s.intended
    points = []
    for first in range(0, n, stride):
        pick = max(range(first, min(n, first + stride)), key=lambda k: s.done[k] - starts[k])
        ok = 200 <= s.status[pick] < 400
        points.append(
            (
                (s.intended[pick] - result.earliest_ns) / 1e9,
                max((s.done[pick] - starts[pick]) / 1e6, 1e-3),
                ok,
            )
        )
    return points


def _fmt_ms(value: float) -> str:
    if value >= 1000:
        return f"{value / 1000:g}s"
    return f"{value:g}ms"


def _series(name: str, points: list[tuple[float, float, bool]], color: str) -> charts.Series:
    return charts.Series(
        name,
        [(t, v) for t, v, _ok in points],
        color=color,
        style="points",
        point_colors=[None if ok else ERROR for _t, _v, ok in points],
        radius=1.6,
        hover=False,  # thousands of dots: a title each would multiply the page's size
    )


def latency_svg(result: LoadResult) -> str:
    """The chart, or "" when no request was recorded."""
    main = _thin(result, service=False)
    extra = _thin(result, service=True) if result.info.model == "open" else []
    if not main:
        return ""
    ys = [p[1] for p in main + extra]
    log = max(ys) / max(min(ys), 1e-3) > 100
    series = [_series("service time", extra, SERVICE)] if extra else []
    chart = charts.Chart(
        "latency over time",
        "seconds since start",
        f"latency{' (log)' if log else ''}",
        series=[*series, _series("latency", main, LATENCY)],
        chart_id="latency",
        y_log10=log,
        x_unit="s",
        y_format=_fmt_ms,
    )
    return charts.render(chart, width=WIDTH, height=HEIGHT)


def render_html(result: LoadResult, title: str = "unjam load") -> str:
    import jinja2

    from unjam.load.report import render

    info = result.info
    legend = (
        "blue: latency from the intended send time (coordinated-omission corrected); "
        "grey: service time (from the actual send); red: errors"
        if info.model == "open"
        else "blue: latency per request (closed model); red: errors"
    )
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("unjam.load", "templates"),
        autoescape=jinja2.select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env.get_template(TEMPLATE).render(
        title=title,
        invalid_reason=None if info.valid else (info.invalid_reason or ""),
        chart=latency_svg(result),
        legend=legend,
        text=render(result, "text"),
    )
