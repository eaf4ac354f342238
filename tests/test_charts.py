"""The one SVG chart renderer (unjam/charts.py) the doctor's report and load's page share:
what load needs beyond the doctor's charts (a log10 y axis, per-point colours, a unit on the
x ticks), and load's page drawn with it from its jinja2 template."""

from __future__ import annotations

import re

from unjam import charts
from unjam.load.html import render_html
from unjam.load.result import LoadResult, RunInfo
from unjam.load.samples import Samples

MS = 1_000_000


def _chart(**options) -> charts.Chart:
    points = [(0.0, 2.0), (1.0, 30.0), (2.0, 4000.0)]
    series = charts.Series(
        "latency", points, style="points", point_colors=[None, "#d62728", None], hover=False
    )
    return charts.Chart("latency over time", "seconds", "ms", series=[series], **options)


def test_a_log10_axis_has_a_tick_per_decade_and_a_linear_one_does_not():
    log = charts.render(_chart(y_log10=True, y_format=lambda v: f"{v:g}ms"))
    assert re.findall(r'text-anchor="end">([^<]+)</text>', log) == [
        "1ms",
        "10ms",
        "100ms",
        "1000ms",
        "10000ms",
    ]
    linear = charts.render(_chart())
    assert "10000" not in re.findall(r'text-anchor="end">([^<]+)</text>', linear)


def test_points_keep_their_own_colour_and_x_ticks_their_unit():
    svg = charts.render(_chart(x_unit="s"))
    fills = re.findall(r'<circle [^>]*fill="([^"]+)"', svg)
    assert fills == ["#2563eb", "#d62728", "#2563eb"]
    assert ">1s</text>" in svg and ">2s</text>" in svg
    assert "<title>" not in svg  # hover off


def test_a_log10_axis_leaves_out_what_it_cannot_draw():
    chart = _chart(y_log10=True)
    chart.series[0].points[0] = (0.0, 0.0)
    svg = charts.render(chart)
    assert svg.count("<circle") == 2


def _result(statuses: list[int]) -> LoadResult:
    s = Samples()
    for k, status in enumerate(statuses):
        start = k * 100 * MS
        latency = 2 * MS if k else 1_500 * MS  # a 1.5 s stall among 2 ms requests
        s.append(0, start, start, start + latency, status, 11, 5)
    return LoadResult(s, RunInfo(model="closed", concurrency=1))


def test_the_load_page_draws_requests_errors_and_escapes_its_title():
    page = render_html(_result([200, 200, 500, 200]), title="load <x>")
    assert "<title>load &lt;x&gt;</title>" in page
    assert page.count('<svg class="chart"') == 1
    fills = re.findall(r'<circle [^>]*fill="([^"]+)"', page)
    assert fills.count("#d62728") == 1 and len(fills) == 4
    assert "latency (log)" in page and ">1s</text>" in page  # 2 ms to 1.5 s: a log axis
    for external in ("src=", "href=", "<link", "@import", "<script"):
        assert external not in page.lower()


def test_the_load_page_without_requests_says_so():
    page = render_html(LoadResult(Samples()))
    assert "No requests were recorded." in page and "<svg" not in page
