"""The HTML report in a real browser: headless Chromium renders its charts, logs no error.

Chromium is driven over the DevTools protocol (a few JSON messages on a websocket, sent with
aiohttp's client) so console messages, uncaught exceptions and failed loads are all caught —
`--dump-dom` alone would not show them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from doctor_support import synthetic_report
from doctor_support.browser import CHART_PROBE, CHROMIUM, Browser

from unjam.doctor.report import write

pytestmark = pytest.mark.slow  # drives headless Chromium


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:  # a missing browser must not pass for a rendered report
        pytest.fail("chromium is not installed: run `make browser` (Debian's chromium package)")
    chromium = Browser()
    try:
        yield chromium
    finally:
        chromium.close()


def test_report_renders_charts_without_console_errors(tmp_path, browser):
    report = synthetic_report(tmp_path)
    _, html_path = write(report, tmp_path / "out")
    value, errors = browser.inspect(html_path.as_uri(), CHART_PROBE)
    page = json.loads(value)
    assert errors == []
    assert page["external"] == []  # self-contained: nothing to fetch
    for chart in (
        "post-invoice-throughput",
        "post-invoice-latency",
        "post-invoice-timeline",
        "threadpool",
    ):
        assert chart in page["ids"]
    assert page["drawn"] == page["charts"] >= 7
    assert page["causes"] == 2
    assert page["stackLines"] >= 2  # source lines beside the stall's frames
    assert "POST /invoice blocks the loop 180 ms per request" in page["top"]


def test_console_errors_are_detected(tmp_path, browser):
    """The error collection itself works: a page that logs an error and throws is caught."""
    page = tmp_path / "broken.html"
    page.write_text("<script>console.error('boom'); undefinedFunction();</script>")
    _, errors = browser.inspect(Path(page).as_uri(), "1")
    assert any("boom" in e for e in errors)
    assert any("undefinedFunction" in e for e in errors)
