"""`unjam run` on an app whose first route wedges the whole server under concurrency.

`GET /orders` checks a connection out of a two-connection blocking pool inside `async def`
(what a sync ORM's pool does when called from async code): at 4 concurrent, the third request
blocks the loop in the checkout while the two holders wait on that same loop. The doctor must
say so (route, concurrency), restart the app, and still measure and confirm the routes after
it. `DELETE /orders/{id}` must not be sent by default (it would delete data).
"""

from __future__ import annotations

import json
import textwrap

import pytest
from doctor_support.runs import read_report, run_on_app

pytestmark = pytest.mark.slow  # freezes served apps under the doctor

APP = textwrap.dedent(
    """\
    import asyncio
    import os
    import queue
    import time

    from fastapi import FastAPI

    app = FastAPI()
    POOL = queue.Queue()
    for number in range(2):
        POOL.put(number)


    @app.get("/orders")
    async def orders():
        conn = POOL.get(timeout=60)
        try:
            await asyncio.sleep(0.02)
        finally:
            POOL.put(conn)
        return {"conn": conn}


    @app.delete("/orders/{order_id}")
    async def delete_order(order_id: int):
        with open(os.environ["DELETED_LOG"], "a") as log:
            log.write(f"{order_id}\\n")
        return {"deleted": order_id}


    @app.get("/slow")
    async def slow():
        time.sleep(0.03)
        return {"ok": True}


    @app.get("/fast")
    def fast():
        return {"ok": True}
    """
)

CHECKOUT_LINE = 16


@pytest.fixture(scope="module")
def frozen_report(tmp_path_factory):
    root = tmp_path_factory.mktemp("freeze")
    deleted = root / "deleted.log"
    import os

    os.environ["DELETED_LOG"] = str(deleted)
    try:
        result, out = run_on_app(
            root, "poolapp", APP, "--duration", "1.0", "--levels", "1,4", "--no-knee",
            timeout=240,
        )  # fmt: skip
    finally:
        del os.environ["DELETED_LOG"]
    report = read_report(out) if (out / "report.json").exists() else {}
    return result, report, deleted


def test_freeze_is_a_finding_with_route_and_concurrency(frozen_report):
    result, report, _ = frozen_report
    assert result.returncode == 1, result.stdout + result.stderr
    top = report["ranked"][0]
    assert top["kind"] == "freeze"
    assert top["route"] == "GET /orders"
    assert top["impact"]["froze_at_concurrency"] == 4
    assert "froze the server at 4 concurrent" in top["message"]
    assert report["routes"]["GET /orders"]["frozen"]["concurrency"] == 4
    assert report["restarts"], "the app was not restarted after the freeze"
    assert report["summary"]["routes_frozen"] == 1
    if top["evidence"].startswith("the probe reported"):  # a probe that reports stalls in progress
        assert top["line"] == CHECKOUT_LINE


def test_routes_after_the_freeze_are_measured_and_confirmed(frozen_report):
    _, report, _ = frozen_report
    routes = report["routes"]
    assert routes["GET /fast"]["capacity"]["measured_rps"] > 0
    assert routes["GET /slow"]["capacity"]["measured_rps"] > 0
    assert "failing" not in routes["GET /slow"] and "failing" not in routes["GET /fast"]
    slow = [i for i in report["ranked"] if i["route"] == "GET /slow" and i["kind"] == "loop"]
    assert slow and slow[0]["status"] in ("confirmed", "seen only at runtime")
    assert "not answering" not in json.dumps(report["findings"])
    for finding in report["findings"]:  # nothing judged on measurements of the wedged server
        if (finding.get("entry") or {}).get("route") == "GET /slow":
            assert finding["status"] == "confirmed"


def test_delete_is_not_sent_by_default(frozen_report):
    _, report, deleted = frozen_report
    assert not deleted.exists(), "the doctor sent DELETE requests without being asked"
    skipped = {s["route"]: s["reason"] for s in report["skipped_routes"]}
    assert "--methods DELETE" in skipped["DELETE /orders/{order_id}"]
