"""The Grafana dashboard: every query names metrics the probe really exports; committed JSON
is the generated one."""

from __future__ import annotations

import json
import re
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from unjam.probe.core import Probe, ProbeSettings
from unjam.probe.dashboard import build_dashboard, render
from unjam.probe.prometheus import exposition
from unjam.probe.state import RouteStats
from unjam.probe.workers import count_route_stalls

ROOT = Path(__file__).resolve().parent.parent
METRIC = re.compile(r"\bunjam_[a-z0-9_]+")


def _exported_names() -> set[str]:
    probe = Probe(ProbeSettings())
    count_route_stalls(probe)
    for listener in probe.stall_listeners:
        listener({"route": "GET /x"})
    stats = probe.routes.setdefault("GET /x", RouteStats())
    stats.status[200] = 1
    stats.total.record(3.0)
    text = exposition(probe).decode()
    return {s.name for f in text_string_to_metric_families(text) for s in f.samples}


def test_every_panel_query_names_an_exported_metric():
    exported = _exported_names()
    assert "unjam_route_stalls_total" in exported
    used = set()
    for panel in build_dashboard()["panels"]:
        assert panel["targets"], panel["title"]
        for target in panel["targets"]:
            names = set(METRIC.findall(target["expr"]))
            assert names, target["expr"]
            assert names <= exported, (panel["title"], names - exported)
            used |= names
    # the four subjects are on the dashboard
    for needed in ("unjam_route_stalls_total", "unjam_loop_lag_seconds_bucket",
                   "unjam_threadpool_waiting", "unjam_route_phase_seconds_bucket"):  # fmt: skip
        assert needed in used


def test_committed_dashboard_is_the_generated_one():
    committed = ROOT / "docs" / "grafana-dashboard.json"
    assert committed.read_text(encoding="utf-8") == render(), (
        "regenerate: python -m unjam.probe.dashboard docs/grafana-dashboard.json"
    )
    assert json.loads(committed.read_text())["uid"] == "unjam-probe"
