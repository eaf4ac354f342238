"""Small inline-SVG charts for unjam's HTML pages (the doctor's report, the load report).

The pages must open offline, from a file, years later: no CDN, no JavaScript charting
library. The charts needed are few and plain (lines, points, dashed reference lines on linear,
log2 or log10 axes), so they are drawn here as SVG strings — charting libraries that emit
static SVG (matplotlib, pygal) would be heavy new dependencies for a handful of charts. It sits
below the verbs that draw charts: load may not import the doctor, and both draw.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape

WIDTH, HEIGHT = 460, 240
MARGIN = {"left": 58, "right": 16, "top": 28, "bottom": 40}
PALETTE = ["#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#0891b2"]


@dataclass
class Series:
    name: str
    points: list[tuple[float, float]]
    color: str | None = None
    style: str = "line"  # "line", "points" or "both"
    dashed: bool = False
    # one colour per point (None: the series' colour), e.g. errors in red among requests
    point_colors: list[str | None] | None = None
    radius: float | None = None  # of the points (default: by style)
    hover: bool = True  # a <title> per point; off for thousands of points (page size)


@dataclass
class Reference:
    """A horizontal reference line (a modelled ceiling, an SLO)."""

    name: str
    y: float
    color: str = "#6b7280"


@dataclass
class Chart:
    title: str
    x_label: str
    y_label: str
    series: list[Series] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    x_log2: bool = False
    chart_id: str = ""
    y_log10: bool = False  # for latencies that span decades (a stall among fast requests)
    x_unit: str = ""  # appended to the x ticks' numbers, e.g. "s"
    y_format: Callable[[float], str] | None = None  # the y ticks' labels (default: numbers)


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high] (1-2-5 steps)."""
    if high <= low:
        high = low + 1.0
    raw = (high - low) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value <= high + step * 0.5:
        ticks.append(round(value, 10))
        value += step
    return ticks


def _fmt(value: float) -> str:
    if value == 0:
        return "0"
    if abs(value) >= 10000:
        return f"{value / 1000:.0f}k"
    if abs(value) >= 100 or float(value).is_integer():
        return f"{value:.0f}"
    if abs(value) >= 1:
        return f"{value:.1f}"
    return f"{value:.2g}"


@dataclass
class _Plot:
    """Where data goes on the canvas: the plot area and the two axes' scales."""

    chart: Chart
    left: float
    right: float
    top: float
    bottom: float
    x_lo: float = 0.0
    x_hi: float = 1.0
    y_ticks: list[float] = field(default_factory=list)

    def sx(self, x: float) -> float:
        value = math.log2(max(x, 1e-9)) if self.chart.x_log2 else x
        return self.left + (value - self.x_lo) / (self.x_hi - self.x_lo) * (self.right - self.left)

    def sy(self, y: float) -> float:
        lo, hi = self.y_ticks[0], self.y_ticks[-1]
        if self.chart.y_log10:
            y, lo, hi = math.log10(max(y, 1e-12)), math.log10(lo), math.log10(hi)
        return self.bottom - (y - lo) / (hi - lo) * (self.bottom - self.top)


def render(chart: Chart, width: int = WIDTH, height: int = HEIGHT) -> str:
    points = [p for s in chart.series for p in s.points if _finite(p, chart)]
    plot = _Plot(
        chart, MARGIN["left"], width - MARGIN["right"], MARGIN["top"], height - MARGIN["bottom"]
    )
    out = [
        f'<svg class="chart" data-chart="{escape(chart.chart_id)}" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(chart.title)}">',
        f'<text x="{plot.left}" y="16" class="chart-title">{escape(chart.title)}</text>',
    ]
    if not points:
        out.append(
            f'<text x="{(plot.left + plot.right) / 2}" y="{(plot.top + plot.bottom) / 2}" '
            'text-anchor="middle" class="chart-empty">no data</text></svg>'
        )
        return "".join(out)
    far, shown = _split_references(chart, points)
    _scale(plot, points, shown)
    out += _axes(plot, points, width, height)
    out += _references(plot, far, shown)
    out += _series(plot)
    out.append("</svg>")
    return "".join(out)


def _split_references(chart: Chart, points: list) -> tuple[list[Reference], list[Reference]]:
    """A reference far above the data (a pool ceiling of 500 rps over 14 rps measured) would
    flatten the data into the axis: it is named in a corner instead of drawn."""
    data_max = max(p[1] for p in points)
    usable = [r for r in chart.references if math.isfinite(r.y) and (r.y > 0 or not chart.y_log10)]
    far = [r for r in usable if data_max > 0 and r.y > 3 * data_max]
    return far, [r for r in usable if r not in far]


def _scale(plot: _Plot, points: list, shown: list[Reference]) -> None:
    chart = plot.chart
    xs = [p[0] for p in points]
    if chart.x_log2:
        xs = [math.log2(max(x, 1e-9)) for x in xs]
    plot.x_lo, plot.x_hi = min(xs), max(xs)
    if plot.x_hi == plot.x_lo:  # one point: a window around it
        pad = abs(plot.x_lo) * 0.1 or 1.0
        plot.x_lo, plot.x_hi = plot.x_lo - pad, plot.x_hi + pad
    ys = [p[1] for p in points] + [r.y for r in shown]
    if chart.y_log10:
        lo, hi = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
        plot.y_ticks = [10.0**e for e in range(lo, max(hi, lo + 1) + 1)]
    else:
        plot.y_ticks = nice_ticks(0.0, max(ys) * 1.05 if max(ys) > 0 else 1.0)


def _axes(plot: _Plot, points: list, width: int, height: int) -> list[str]:
    """Axes, grid, ticks and the axis labels."""
    chart, left, right, top, bottom = plot.chart, plot.left, plot.right, plot.top, plot.bottom
    y_label = chart.y_format or _fmt
    out = [f'<g class="axis"><line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}"/>']
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}"/>')
    for tick in plot.y_ticks:
        y = plot.sy(tick)
        out.append(f'<line class="grid" x1="{left}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{y_label(tick)}</text>')
    if chart.x_log2:
        x_ticks = sorted({p[0] for p in points})
    else:
        x_ticks = [t for t in nice_ticks(plot.x_lo, plot.x_hi) if plot.x_lo <= t <= plot.x_hi]
    for tick in x_ticks:
        x = plot.sx(tick)
        out.append(f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 4}"/>')
        out.append(
            f'<text x="{x:.1f}" y="{bottom + 16}" text-anchor="middle">'
            f"{_fmt(tick)}{escape(chart.x_unit)}</text>"
        )
    out.append(
        f'<text x="{(left + right) / 2}" y="{height - 6}" text-anchor="middle" '
        f'class="axis-label">{escape(chart.x_label)}</text>'
    )
    out.append(
        f'<text transform="translate(14 {(top + bottom) / 2}) rotate(-90)" text-anchor="middle" '
        f'class="axis-label">{escape(chart.y_label)}</text></g>'
    )
    return out


def _references(plot: _Plot, far: list[Reference], shown: list[Reference]) -> list[str]:
    out = []
    for index, ref in enumerate(far):
        out.append(
            f'<text class="reference off-chart" x="{plot.right - 4}" '
            f'y="{plot.top + 12 + 12 * index}" text-anchor="end" fill="{ref.color}">'
            f"↑ {escape(ref.name)} (off the chart)</text>"
        )
    for ref in shown:
        y = plot.sy(ref.y)
        out.append(
            f'<g class="reference"><line x1="{plot.left}" y1="{y:.1f}" x2="{plot.right}" '
            f'y2="{y:.1f}" stroke="{ref.color}" stroke-dasharray="5 4"/>'
            f'<text x="{plot.left + 6}" y="{y - 4 if y - plot.top > 14 else y + 12:.1f}" '
            f'text-anchor="start" fill="{ref.color}">'
            f"{escape(ref.name)}</text></g>"
        )
    return out


def _series(plot: _Plot) -> list[str]:
    """Each series' line and points, and its entry in the legend (top right)."""
    chart, out = plot.chart, []
    legend_width = sum(22 + 7 * len(series.name) for series in chart.series)
    legend_x = max(plot.left + 8 + 7 * len(chart.title), plot.right - legend_width)
    for index, series in enumerate(chart.series):
        color = series.color or PALETTE[index % len(PALETTE)]
        out.append(f'<g class="series" data-series="{escape(series.name)}">')
        out += _marks(plot, series, color)
        out.append("</g>")
        out.append(
            f'<g class="legend"><rect x="{legend_x}" y="7" width="10" height="10" '
            f'fill="{color}"/><text x="{legend_x + 14}" y="16">{escape(series.name)}</text></g>'
        )
        legend_x += 22 + 7 * len(series.name)
    return out


def _marks(plot: _Plot, series: Series, color: str) -> list[str]:
    chart, out = plot.chart, []
    colors = series.point_colors or [None] * len(series.points)
    kept = [(p, c) for p, c in zip(series.points, colors, strict=True) if _finite(p, chart)]
    pts = [p for p, _ in kept]
    sx, sy = plot.sx, plot.sy
    if series.style in ("line", "both") and len(pts) > 1:
        path = " ".join(
            f"{'M' if i == 0 else 'L'}{sx(x):.1f},{sy(y):.1f}" for i, (x, y) in enumerate(pts)
        )
        dash = ' stroke-dasharray="4 3"' if series.dashed else ""
        out.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="2"{dash}/>')
    if series.style in ("points", "both") or len(pts) == 1:
        radius = series.radius or (2.0 if series.style == "points" else 3.0)
        name = escape(series.name)
        for (x, y), own in kept:
            title = f"<title>{name}: {_fmt(x)}, {_fmt(y)}</title>" if series.hover else ""
            out.append(
                f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="{radius}" fill="{own or color}">'
                f"{title}</circle>"
            )
    return out


def _finite(point: tuple[float, float], chart: Chart | None = None) -> bool:
    x, y = point
    if x is None or y is None or not (math.isfinite(x) and math.isfinite(y)):
        return False
    return not (chart is not None and chart.y_log10 and y <= 0)
