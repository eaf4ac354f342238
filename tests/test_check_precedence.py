"""The precedence pass (unjam/analysis/rules/precedence.py): after every rule ran, a finding
another rule says better on the same line is dropped — by the table, not by rule order."""

from __future__ import annotations

from pathlib import Path

import pytest

from unjam.analysis.engine import analyze
from unjam.analysis.rules import RULES, precedence
from unjam.analysis.rules.precedence import PRECEDENCE, kept

APP = """\
from contextlib import asynccontextmanager

import requests
from fastapi import Depends, FastAPI


def fetch_rates():
    return requests.get("https://rates.example/api").json()


def close_pool():
    requests.post("https://pool.example/close")


@asynccontextmanager
async def lifespan(app):
    fetch_rates()
    close_pool()
    yield
    close_pool()


app = FastAPI(lifespan=lifespan)


async def tenant():
    return requests.get("https://tenants.example/me").json()


def account():
    return requests.get("https://accounts.example/me").json()


@app.get("/rates")
async def rates(t=Depends(tenant)):
    return fetch_rates()


@app.get("/account")
def show_account(a=Depends(account)):
    return a
"""
FETCH_RATES, CLOSE_POOL, TENANT, ACCOUNT = 8, 12, 27, 31  # the lines of APP's network calls


def test_the_table_names_only_known_codes():
    for hidden, by, why in PRECEDENCE:
        for name in (hidden, *by):
            assert name.partition("/")[0] in RULES, name
        assert why


@pytest.mark.parametrize(("hidden", "by"), [(row[0], row[1]) for row in PRECEDENCE])
def test_each_row_hides_on_the_same_line_only(hidden, by):
    tag = hidden if "/" in hidden else f"{hidden}/any"
    for hider in by:
        places = [(hider, "a.py", 3), (tag, "a.py", 3), (tag, "a.py", 4), (tag, "b.py", 3)]
        assert kept(places) == [True, False, True, True], (hidden, hider)


def test_a_variant_is_hidden_only_where_its_row_says():
    # a dependency's network call is hidden by UJ001; a client it constructs is not
    places = [("UJ001", "a.py", 3), ("UJ003/network", "a.py", 3), ("UJ003", "a.py", 3)]
    assert kept(places) == [True, False, True]
    # a shutdown stall is hidden by a start-up one, not by another shutdown one
    places = [("UJ002/shutdown", "a.py", 3), ("UJ002/shutdown", "a.py", 3)]
    assert kept(places) == [True, True]
    assert kept([("UJ002/start-up", "a.py", 3), ("UJ002/shutdown", "a.py", 3)]) == [True, False]


def test_a_hidden_finding_hides_nothing_in_later_rows():
    table = (("B", ("A",), "a over b"), ("C", ("B",), "b over c"))
    places = [
        ("A", "a.py", 1),
        ("B", "a.py", 1),
        ("C", "a.py", 1),
        ("B", "a.py", 2),
        ("C", "a.py", 2),
    ]
    assert kept(places, table) == [True, False, True, True, False]


def _lines(tmp_path: Path) -> set[tuple[str, int]]:
    (tmp_path / "app.py").write_text(APP)
    result = analyze(tmp_path, [tmp_path / "app.py"])
    return {(f.code, f.location.line) for f in result.findings}


def test_on_a_real_app_each_line_is_reported_by_the_rule_that_says_it_best(tmp_path):
    found = _lines(tmp_path)
    # reached from an async route and from lifespan: blocking requests, not a start-up stall
    assert ("UJ001", FETCH_RATES) in found and ("UJ002", FETCH_RATES) not in found
    assert ("UJ002", CLOSE_POOL) in found  # lifespan only
    # an async dependency's network call blocks the loop: UJ001, not also UJ003
    assert ("UJ001", TENANT) in found and ("UJ003", TENANT) not in found
    # a sync dependency's network call: UJ003, not also UJ005 for the token it holds
    assert ("UJ003", ACCOUNT) in found and ("UJ005", ACCOUNT) not in found


def test_without_the_table_every_rule_reports_its_own_view(tmp_path, monkeypatch):
    """The rules themselves do not look at each other's findings: the table does the hiding."""
    monkeypatch.setattr(precedence, "PRECEDENCE", ())
    found = _lines(tmp_path)
    assert {("UJ002", FETCH_RATES), ("UJ003", TENANT), ("UJ005", ACCOUNT)} <= found


SHARED_CALL_APP = """\
from contextlib import asynccontextmanager

import requests
from fastapi import Depends, FastAPI


def load_settings():
    return requests.get("https://config.example/settings").json()


@asynccontextmanager
async def lifespan(app):
    load_settings()
    yield


app = FastAPI(lifespan=lifespan)


@app.get("/settings")
def show_settings(settings=Depends(load_settings)):
    return settings
"""


def test_a_start_up_stall_does_not_hide_the_same_call_made_per_request(tmp_path):
    """lifespan and a sync dependency both make the call: it stalls start-up once (UJ002)
    and costs every request a round trip in a token (UJ003); one is not the other."""
    (tmp_path / "app.py").write_text(SHARED_CALL_APP)
    result = analyze(tmp_path, [tmp_path / "app.py"])
    found = {(f.code, f.location.line) for f in result.findings}
    assert {("UJ002", 8), ("UJ003", 8)} <= found
