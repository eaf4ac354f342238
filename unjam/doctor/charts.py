"""Small inline-SVG charts for the HTML report.

The report must open offline, from a file, years later: no CDN, no JavaScript charting
library. The charts needed are few and plain (lines, points, dashed reference lines on linear
or log2 axes), so they are drawn here as SVG strings — charting libraries that emit static SVG
(matplotlib, pygal) would be heavy new dependencies for four kinds of chart.
"""

from __future__ import annotations

import math
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


def render(chart: Chart, width: int = WIDTH, height: int = HEIGHT) -> str:
    points = [p for s in chart.series for p in s.points if _finite(p)]
    left, right = MARGIN["left"], width - MARGIN["right"]
    top, bottom = MARGIN["top"], height - MARGIN["bottom"]
    out = [
        f'<svg class="chart" data-chart="{escape(chart.chart_id)}" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(chart.title)}">',
        f'<text x="{left}" y="16" class="chart-title">{escape(chart.title)}</text>',
    ]
    if not points:
        out.append(
            f'<text x="{(left + right) / 2}" y="{(top + bottom) / 2}" text-anchor="middle" '
            'class="chart-empty">no data</text></svg>'
        )
        return "".join(out)

    xs = [p[0] for p in points]
    data_max = max(p[1] for p in points)
    # A reference far above the data (a pool ceiling of 500 rps over 14 rps measured) would
    # flatten the data into the axis: it is named in a corner instead of drawn.
    far = [
        r for r in chart.references if math.isfinite(r.y) and data_max > 0 and r.y > 3 * data_max
    ]
    shown = [r for r in chart.references if math.isfinite(r.y) and r not in far]
    ys = [p[1] for p in points] + [r.y for r in shown]
    if chart.x_log2:
        xs = [math.log2(max(x, 1e-9)) for x in xs]
    x_lo, x_hi = min(xs), max(xs)
    if x_hi == x_lo:  # one point: a window around it
        pad = abs(x_lo) * 0.1 or 1.0
        x_lo, x_hi = x_lo - pad, x_hi + pad
    y_ticks = nice_ticks(0.0, max(ys) * 1.05 if max(ys) > 0 else 1.0)
    y_lo, y_hi = y_ticks[0], y_ticks[-1]

    def sx(x: float) -> float:
        value = math.log2(max(x, 1e-9)) if chart.x_log2 else x
        return left + (value - x_lo) / (x_hi - x_lo) * (right - left)

    def sy(y: float) -> float:
        return bottom - (y - y_lo) / (y_hi - y_lo) * (bottom - top)

    # Axes, grid and ticks.
    out.append(f'<g class="axis"><line x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}"/>')
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{bottom}"/>')
    for tick in y_ticks:
        y = sy(tick)
        out.append(f'<line class="grid" x1="{left}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{_fmt(tick)}</text>')
    if chart.x_log2:
        x_ticks = sorted({p[0] for p in points})
    else:
        x_ticks = [t for t in nice_ticks(x_lo, x_hi) if x_lo <= t <= x_hi]
    for tick in x_ticks:
        x = sx(tick)
        out.append(f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 4}"/>')
        out.append(f'<text x="{x:.1f}" y="{bottom + 16}" text-anchor="middle">{_fmt(tick)}</text>')
    out.append(
        f'<text x="{(left + right) / 2}" y="{height - 6}" text-anchor="middle" '
        f'class="axis-label">{escape(chart.x_label)}</text>'
    )
    out.append(
        f'<text transform="translate(14 {(top + bottom) / 2}) rotate(-90)" text-anchor="middle" '
        f'class="axis-label">{escape(chart.y_label)}</text></g>'
    )

    for index, ref in enumerate(far):
        out.append(
            f'<text class="reference off-chart" x="{right - 4}" y="{top + 12 + 12 * index}" '
            f'text-anchor="end" fill="{ref.color}">↑ {escape(ref.name)} (off the chart)</text>'
        )
    for ref in shown:
        y = sy(ref.y)
        out.append(
            f'<g class="reference"><line x1="{left}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" '
            f'stroke="{ref.color}" stroke-dasharray="5 4"/>'
            f'<text x="{left + 6}" y="{y - 4 if y - top > 14 else y + 12:.1f}" '
            f'text-anchor="start" fill="{ref.color}">'
            f"{escape(ref.name)}</text></g>"
        )

    legend_width = sum(22 + 7 * len(series.name) for series in chart.series)
    legend_x = max(left + 8 + 7 * len(chart.title), right - legend_width)
    for index, series in enumerate(chart.series):
        color = series.color or PALETTE[index % len(PALETTE)]
        pts = [p for p in series.points if _finite(p)]
        out.append(f'<g class="series" data-series="{escape(series.name)}">')
        if series.style in ("line", "both") and len(pts) > 1:
            path = " ".join(
                f"{'M' if i == 0 else 'L'}{sx(x):.1f},{sy(y):.1f}" for i, (x, y) in enumerate(pts)
            )
            dash = ' stroke-dasharray="4 3"' if series.dashed else ""
            out.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="2"{dash}/>')
        if series.style in ("points", "both") or len(pts) == 1:
            radius = 2.0 if series.style == "points" else 3.0
            for x, y in pts:
                out.append(
                    f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="{radius}" fill="{color}">'
                    f"<title>{escape(series.name)}: {_fmt(x)}, {_fmt(y)}</title></circle>"
                )
        out.append("</g>")
        out.append(
            f'<g class="legend"><rect x="{legend_x}" y="7" width="10" height="10" '
            f'fill="{color}"/><text x="{legend_x + 14}" y="16">{escape(series.name)}</text></g>'
        )
        legend_x += 22 + 7 * len(series.name)
    out.append("</svg>")
    return "".join(out)


def _finite(point: tuple[float, float]) -> bool:
    x, y = point
    return x is not None and y is not None and math.isfinite(x) and math.isfinite(y)
