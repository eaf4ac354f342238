"""The doctor on the lab's services: the broken variants' top cause names the right route, line
and cause; a fixed variant has no confirmed loop finding.

Small budgets (about 1.5 s of load per route, two concurrency levels): these tests check the
diagnosis, not the figures.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from unjam.doctor.demo import variant_targets
from unjam.doctor.measure import Budget
from unjam.doctor.options import DoctorOptions
from unjam.doctor.pipeline import run_doctor

pytestmark = pytest.mark.slow  # runs the doctor on the lab's apps

registry = pytest.importorskip("unjam.lab.registry", reason="the lab's registry has not landed")

REPO = Path(__file__).resolve().parents[1]


def diagnose(scenario: str, name: str, out: Path, levels=(1, 4), **options) -> tuple[object, dict]:
    chosen = registry.variant(scenario, name)
    with registry.downstreams(scenario, **options) as env:
        report = run_doctor(
            DoctorOptions(
                app=chosen.app,
                out=out,
                app_dir=REPO,
                budget=Budget(per_route_s=1.5, levels=levels, slo_p99_ms=1000.0),
                env=dict(env),
                routes=[chosen.route],
                targets=variant_targets(chosen),
            )
        )
    return chosen, report


def lines_of(item: dict, report: dict) -> set[tuple[str, int]]:
    """Every (file, line) the item names: its own, its stall stack, its finding's chain."""
    lines = {(str(Path(item["path"]).resolve()), item["line"])}
    lines |= {(str(Path(f["path"]).resolve()), f["line"]) for f in item.get("stack") or []}
    finding = next((f for f in report["findings"] if f["id"] == item.get("finding")), None)
    if finding:
        lines |= {(str(Path(c["abs_path"]).resolve()), c["line"]) for c in finding["chain"]}
    return lines


def assert_top_cause(chosen, report: dict) -> dict:
    """Route, line and cause: the variant's blocking line is the cause's line or on its path."""
    assert report["ranked"], "the doctor found nothing"
    top = report["ranked"][0]
    assert top["route"] == chosen.route
    assert top["kind"] == "loop", top
    assert "blocks the loop" in top["message"]
    assert top["status"] == "confirmed", top
    expected = (str(Path(chosen.source_file).resolve()), chosen.expected_line)
    assert chosen.expected_line is not None
    assert expected in lines_of(top, report), (expected, top)
    return top


def test_translate_async_blocking(tmp_path):
    chosen, report = diagnose("translate", "async_blocking", tmp_path)
    top = assert_top_cause(chosen, report)
    assert top["impact"]["ceiling_rps"] > 0
    assert report["routes"][chosen.route]["capacity"]["limit"] == "event loop"


def test_webhook_blocking_async(tmp_path):
    chosen, report = diagnose("webhook", "blocking_async", tmp_path)
    top = assert_top_cause(chosen, report)
    assert "send_message" in top["message"]


@pytest.mark.parametrize(
    ("scenario", "name"), [("translate", "run_in_threadpool"), ("webhook", "best")]
)
def test_fixed_variant_confirms_no_loop_finding(tmp_path, scenario, name):
    _, report = diagnose(scenario, name, tmp_path)
    loop_findings = [f for f in report["findings"] if f.get("blocks_loop")]
    assert all(f["status"] != "confirmed" for f in loop_findings), loop_findings
    assert not [i for i in report["ranked"] if i["kind"] == "loop" and not i.get("startup")]


def test_sleep_sync_is_a_thread_pool_cause(tmp_path):
    """Seed 004's `def` + `time.sleep`: nothing blocks the loop; 40 tokens cap the route."""
    chosen, report = diagnose("sleep", "sync", tmp_path, levels=(1, 8, 80), sleep_s=0.2)
    top = report["ranked"][0]
    assert top["route"] == chosen.route
    assert top["kind"] == "threadpool", top
    assert "40 tokens cap the route" in top["message"]
    assert Path(top["path"]).resolve() == Path(chosen.source_file).resolve()
    assert top["line"] < chosen.expected_line <= top["line"] + 3  # the endpoint holding the sleep
    assert report["routes"][chosen.route]["capacity"]["limit"] == "thread pool"
    assert not [i for i in report["ranked"] if i["kind"] == "loop" and not i.get("minor")]
