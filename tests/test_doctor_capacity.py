"""The capacity model against the sweep on a `def` dependency + `def` endpoint app.

FastAPI runs the dependency in the thread pool, returns its token, then runs the endpoint in
the pool: a request holds one token at a time, 2 x 60 ms of thread time. 40 tokens give
40 / 0.12 s = 333 rps; a model that holds both tokens at once says half that. At 64
concurrent the pool is the limit, so the measured ceiling must agree with the model.
"""

from __future__ import annotations

import textwrap

import pytest
from doctor_support.runs import read_report, run_on_app

from unjam.doctor.capacity import human

pytestmark = pytest.mark.slow  # runs the doctor on served apps

APP = textwrap.dedent(
    """\
    import time

    from fastapi import Depends, FastAPI

    app = FastAPI()


    def current_user():
        time.sleep(0.06)
        return "ann"


    @app.get("/orders")
    def orders(user: str = Depends(current_user)):
        time.sleep(0.06)
        return {"user": user}
    """
)


@pytest.fixture(scope="module")
def pool_report(tmp_path_factory):
    root = tmp_path_factory.mktemp("pool")
    result, out = run_on_app(
        root, "syncdeps", APP, "--duration", "2.4", "--levels", "1,64", "--no-knee"
    )
    return result, read_report(out)


def test_pool_ceiling_agrees_with_the_sweep(pool_report):
    _, report = pool_report
    cap = report["routes"]["GET /orders"]["capacity"]
    assert cap["limit"] == "thread pool", cap["explanation"]
    assert cap["tokens_per_request"] == 2  # two borrowings, in sequence
    measured, modelled = cap["measured_rps"], cap["pool_ceiling_rps"]
    assert 0.7 * modelled <= measured <= 1.25 * modelled, cap["explanation"]
    assert not cap["disagrees"]
    assert "one held at a time" in cap["explanation"]


def test_no_cause_claims_a_ceiling_below_the_measurement(pool_report):
    _, report = pool_report
    measured = report["routes"]["GET /orders"]["capacity"]["measured_rps"]
    for item in report["ranked"]:
        ceiling = item["impact"].get("ceiling_rps")
        if ceiling and item["route"] == "GET /orders":
            assert ceiling * 1.25 >= measured, item["message"]


def test_figures_are_rounded_for_people():
    assert human(2222222.2) == "2,220,000"
    assert human(486.9) == "487"
    assert human(16.66) == "16.7"
