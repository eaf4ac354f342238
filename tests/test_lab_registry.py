"""The lab's registry: every variant is a servable app whose route exists, broken variants
point at their blocking line, and sample requests are valid for the app. No servers."""

import importlib

import pytest

from unjam.errors import BadInput, UserError
from unjam.lab.registry import APPENDIX, SCENARIOS, STORY, scenario, variant

ALL = [(s.name, v.name) for s in SCENARIOS.values() for v in s.variants.values()]


def test_scenarios_are_the_issues_four():
    assert set(SCENARIOS) == {"sleep", "healthcheck", "translate", "webhook"}


def test_webhook_has_every_step_of_the_story_and_the_appendix():
    names = set(SCENARIOS["webhook"].variants)
    assert set(STORY) <= names and set(APPENDIX) <= names
    assert {"blocking_async", "run_in_threadpool", "threadpool_100", "per_request_client"} <= {
        n for n in STORY if variant("webhook", n).broken
    }
    assert not any(variant("webhook", n).broken for n in ("singleton", "sync_handler", "best"))


@pytest.mark.parametrize(("scenario_name", "name"), ALL)
def test_variant_app_imports_and_declares_its_route(scenario_name, name):
    v = variant(scenario_name, name)
    module_name, attr = v.app.split(":")
    app = getattr(importlib.import_module(module_name), attr)
    method, path = v.route.split(" ", 1)
    declared = {
        (m, route.path) for route in app.routes for m in getattr(route, "methods", None) or ()
    }
    assert (method, path) in declared


@pytest.mark.parametrize(("scenario_name", "name"), ALL)
def test_broken_variants_point_at_their_blocking_line(scenario_name, name):
    v = variant(scenario_name, name)
    if not v.broken:
        assert v.expected_line is None
        return
    assert v.kind in ("loop", "pool")
    with open(v.source_file, encoding="utf-8") as handle:
        line = handle.read().splitlines()[v.expected_line - 1]
    assert v.marker in line
    assert not line.lstrip().startswith(("#", '"')), "the marker must be code, not prose"


def test_sample_invoice_is_valid_unique_and_seed_sized():
    from unjam.lab.apps.webhook.models import Invoice

    v = variant("webhook", "blocking_async")
    bodies = [v.sample_request(n)[3] for n in range(3)]
    assert len(set(bodies)) == 3
    assert all(4000 < len(b) < 8000 for b in bodies)  # the seed's body was 5,686 bytes
    Invoice.model_validate_json(bodies[0])


def test_unknown_names_are_one_line_errors():
    with pytest.raises(UserError, match="choose one of"):
        scenario("nope")
    with pytest.raises(BadInput, match="has no variant"):
        variant("webhook", "nope")
