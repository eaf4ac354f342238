"""A self-contained HTML page: latency over time as an inline SVG, plus the text report.

vegeta's plot embeds a JS charting library; we draw the SVG ourselves in ~100 lines so the
page has no script, no CDN and no external reference at all — it opens offline, in a CI
artifact viewer, or attached to an issue. Each dot is one request (thinned to a few
thousand, keeping the slowest of each stretch so stalls stay visible): corrected latency in
blue, service time in grey (open model), errors in red. The y axis is logarithmic when the
latencies span more than two decades, as stalls usually make them.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unjam.load.result import LoadResult

WIDTH, HEIGHT = 960, 420
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 20, 45
MAX_POINTS = 4000


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


def _ticks(lo: float, hi: float, count: int = 6) -> list[float]:
    span = max(hi - lo, 1e-9)
    raw = span / count
    step = 10 ** math.floor(math.log10(raw))
    for mult in (1, 2, 5, 10):
        if raw <= step * mult:
            step *= mult
            break
    first = math.ceil(lo / step) * step
    return [first + k * step for k in range(int((hi - first) / step) + 1)]


def _fmt_ms(value: float) -> str:
    if value >= 1000:
        return f"{value / 1000:g}s"
    return f"{value:g}ms"


def latency_svg(result: LoadResult) -> str:
    main = _thin(result, service=False)
    extra = _thin(result, service=True) if result.info.model == "open" else []
    if not main:
        return "<p>No requests were recorded.</p>"
    xmax = max(max(p[0] for p in main), 1e-3)
    ys = [p[1] for p in main + extra]
    ymin, ymax = min(ys), max(ys)
    log = ymax / max(ymin, 1e-3) > 100
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    if log:
        lo, hi = math.floor(math.log10(ymin)), math.ceil(math.log10(ymax))
        hi = max(hi, lo + 1)

        def ypos(v: float) -> float:
            return TOP + plot_h * (1 - (math.log10(v) - lo) / (hi - lo))

        yticks = [10.0**e for e in range(lo, hi + 1)]
    else:
        top_value = ymax * 1.05

        def ypos(v: float) -> float:
            return TOP + plot_h * (1 - v / top_value)

        yticks = _ticks(0, top_value)

    def xpos(t: float) -> float:
        return LEFT + plot_w * t / xmax

    parts = [
        f'<svg width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        'role="img" aria-label="latency over time" style="font: 11px sans-serif">',
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="#fafafa" '
        'stroke="#ccc"/>',
    ]
    for v in yticks:
        y = ypos(v)
        parts.append(
            f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e4e4e4"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{_fmt_ms(v)}</text>'
        )
    for t in _ticks(0, xmax):
        x = xpos(t)
        parts.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP}" y2="{TOP + plot_h}" stroke="#eee"/>'
            f'<text x="{x:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">{t:g}s</text>'
        )
    for points, colour in ((extra, "#9a9a9a"), (main, "#1f6fd1")):
        dots = []
        for t, v, ok in points:
            fill = colour if ok else "#d62728"
            dots.append(f'<circle cx="{xpos(t):.1f}" cy="{ypos(v):.1f}" r="1.6" fill="{fill}"/>')
        parts.append("".join(dots))
    parts.append(
        f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 8}" text-anchor="middle">'
        "seconds since start</text>"
        f'<text x="14" y="{TOP + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {TOP + plot_h / 2})">latency{" (log)" if log else ""}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)


def render_html(result: LoadResult, title: str = "unjam load") -> str:
    from unjam.load.report import render

    info = result.info
    legend = (
        "blue: latency from the intended send time (coordinated-omission corrected); "
        "grey: service time (from the actual send); red: errors"
        if info.model == "open"
        else "blue: latency per request (closed model); red: errors"
    )
    verdict = (
        f'<p style="color:#b00"><b>Invalid run — the generator was the bottleneck:</b> '
        f"{escape(info.invalid_reason or '')}</p>"
        if not info.valid
        else ""
    )
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n"
        "<style>body{font-family:sans-serif;margin:24px;color:#222}"
        "pre{background:#f4f4f4;padding:12px;overflow-x:auto}</style>\n"
        "</head>\n<body>\n"
        f"<h1>{escape(title)}</h1>\n{verdict}"
        f"{latency_svg(result)}\n<p>{escape(legend)}</p>\n"
        f"<pre>{escape(render(result, 'text'))}</pre>\n"
        "</body>\n</html>\n"
    )
