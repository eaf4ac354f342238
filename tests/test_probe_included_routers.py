"""The probe names routes in included routers by their full paths, in a real server.

`unjam serve` runs tests/probe_apps/included.py (routers included under prefixes, nested,
one router included twice, a Starlette route and a mounted app inside an include), once with
every request untimed but the first (the middleware's inlined counting) and once with every
request timed. FastAPI 0.165+ puts the original `APIRoute` in `scope["route"]`, without the
include prefixes, and one route object serves both includes of a router: the snapshot's keys
must be the full paths, the two includes counted apart, and a stall in an included router
charged to its full-path route.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from probe_apps import included
from probe_apps.included import LINES
from probe_apps.support import get, post, snapshot, wait_until

from unjam.probe.routes import RouteIndex, build_code_map, match_route
from unjam.server import ServerProcess, free_ports

ROOT = Path(__file__).resolve().parent.parent
APP_FILE = str(ROOT / "tests" / "probe_apps" / "included.py")

# path requested → (times, the route key the probe must count it under)
REQUESTS = {
    "/v1/items/3": (2, "GET /v1/items/{item_id}"),
    "/v2/outer/nested/inner/leaf": (1, "GET /v2/outer/nested/inner/leaf"),
    "/a/shared/ping": (3, "GET /a/shared/ping"),
    "/b/shared/ping": (2, "GET /b/shared/ping"),
    "/v3/plain": (1, "GET /v3/plain"),
    "/v3/sub/deep": (2, "GET /v3/sub/deep"),
    "/top": (1, "GET /top"),
}


class Served:
    def __init__(self, timed: bool) -> None:
        self.port, self.diag = free_ports(2)
        sample_ms = "0" if timed else "3600000"  # untimed: only the first request is timed
        argv = [
            sys.executable, "-m", "unjam", "serve", "tests.probe_apps.included:app",
            "--port", str(self.port), "--loop", "asyncio", "--diagnostics-port", str(self.diag),
            "--phase-sample-ms", sample_ms, "--stall-threshold-ms", "25",
            "--", "--log-level", "warning", "--no-access-log",
        ]  # fmt: skip
        self.server = ServerProcess(argv, self.port, cwd=str(ROOT))

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def reset(self) -> None:
        assert post(f"http://127.0.0.1:{self.diag}/reset") == 204


@pytest.fixture(scope="module", params=[False, True], ids=["untimed", "timed"])
def served(request):
    served = Served(timed=request.param)
    with served.server:
        yield served


def wait_for_counts(served: Served, expected: dict[str, int]) -> dict:
    """The snapshot's routes once every expected route has its count (the client can read a
    response before the server's middleware has counted it); on timeout, what was counted."""
    seen: dict = {}

    def counted() -> dict | None:
        seen.update(routes=snapshot(served.diag)["routes"])
        routes = seen["routes"]
        counts = {key: routes.get(key, {}).get("requests", 0) for key in expected}
        return routes if counts == expected else None

    try:
        return wait_until(counted, 10, f"counts {expected}")
    except AssertionError:
        got = {key: stats["requests"] for key, stats in seen.get("routes", {}).items()}
        raise AssertionError(f"expected counts {expected}, the probe counted {got}") from None


@pytest.mark.slow  # serves an app in a real uvicorn server
def test_routes_in_included_routers_are_counted_under_their_full_paths(served):
    get(served.url("/top"))  # the first request is timed on either server: then reset
    wait_for_counts(served, {"GET /top": 1})  # (counted after its response: not after reset)
    served.reset()
    expected: dict[str, int] = {}
    for path, (times, key) in REQUESTS.items():
        for _ in range(times):
            status, body = get(served.url(path))
            assert status == 200, (path, body)
        expected[key] = expected.get(key, 0) + times
    routes = wait_for_counts(served, expected)
    assert set(routes) == set(expected), sorted(routes)
    for key, count in expected.items():
        assert routes[key]["status"] == {"200": count}, (key, routes[key])
    snap = snapshot(served.diag)
    assert snap["probe"]["errors"] == 0, snap["probe"]["warnings"]


@pytest.mark.slow
def test_a_wrong_method_on_an_included_route_is_counted_under_its_full_path(served):
    served.reset()
    status = post(served.url("/b/shared/ping"))
    assert status == 405
    routes = wait_for_counts(served, {"POST /b/shared/ping": 1})
    assert routes["POST /b/shared/ping"]["status"] == {"405": 1}
    assert "POST /a/shared/ping" not in routes and "POST /shared/ping" not in routes


@pytest.mark.slow
@pytest.mark.parametrize(
    ("path", "route", "line", "endpoint"),
    [
        ("/v1/items/7/stall", "GET /v1/items/{item_id}/stall", "endpoint", "stalled_item"),
        ("/v1/items/7/checked", "GET /v1/items/{item_id}/checked", "dependency", "slow_check"),
        ("/b/shared/stall", "GET /b/shared/stall", "shared", "stalled_shared"),
    ],
    ids=["endpoint", "dependency", "second-include"],
)
def test_a_stall_in_an_included_router_is_charged_to_its_full_path(
    served, path, route, line, endpoint
):
    served.reset()

    def the_stall():
        stalls = snapshot(served.diag)["stalls"]
        return [s for s in stalls if s["blocking_frame"]["line"] == LINES[line]]

    for _ in range(4):  # on a loaded machine a detection is occasionally missed
        status, body = get(served.url(path))
        assert status == 200, body
        try:
            stalls = wait_until(the_stall, 3, f"the stall of {path}")
            break
        except AssertionError:
            continue
    else:
        raise AssertionError(f"no stall recorded for {path}: {snapshot(served.diag)}")
    stall = stalls[0]
    assert stall["route"] == route, stall
    assert stall["blocking_frame"]["path"] == APP_FILE
    assert stall["endpoint"] == f"tests.probe_apps.included:{endpoint}"


# -- the routing table, read in process ----------------------------------------------------


def test_the_code_map_names_callables_in_included_routers_by_their_full_paths():
    names = {name.split(":")[1]: keys for name, keys in build_code_map([included.app]).values()}
    assert names["item"] == ["GET /v1/items/{item_id}"]
    assert names["slow_check"] == ["GET /v1/items/{item_id}/checked"]  # a dependency
    assert names["leaf"] == ["GET /v2/outer/nested/inner/leaf"]  # a nested include
    assert names["plain"] == ["GET /v3/plain", "HEAD /v3/plain"]  # a Starlette route
    assert names["deep"] == ["GET /v3/sub/deep"]  # an app mounted inside an include
    # one router included twice: its code runs under both, so it names neither alone
    assert names["stalled_shared"] == ["GET /a/shared/stall", "GET /b/shared/stall"]


def http_scope(method: str, path: str) -> dict:
    return {"type": "http", "method": method, "path": path, "root_path": "", "headers": []}


def test_a_route_in_an_included_router_is_found_by_matching_again():
    apps = [included.app]
    assert match_route(apps, http_scope("GET", "/v1/items/3")) == "GET /v1/items/{item_id}"
    assert match_route(apps, http_scope("GET", "/b/shared/ping")) == "GET /b/shared/ping"
    assert match_route(apps, http_scope("GET", "/shared/ping")) is None


def test_a_route_copied_with_its_prefix_as_older_fastapi_does_keeps_its_name():
    """Before 0.165 an include copied each route, prefix applied, into the app's table and
    set only `scope["route"]`, to that copy."""
    from fastapi.routing import APIRoute

    copy = APIRoute("/v1/items/{item_id}", included.item, methods=["GET"])
    index = RouteIndex()
    scope = {**http_scope("GET", "/v1/items/3"), "route": copy}
    assert index.lookup(scope) == (copy, "GET /v1/items/{item_id}")
    assert index.key({**scope, "method": "BREW"}) == "OTHER /v1/items/{item_id}"
