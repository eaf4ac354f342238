"""The probe in-process: stall judgement, histograms, exports, safety, and no changed responses."""

from __future__ import annotations

import asyncio
import sys
import time

import httpx
import pytest
from fastapi import BackgroundTasks, FastAPI, HTTPException
from fastapi.responses import PlainTextResponse, RedirectResponse, StreamingResponse

from unjam.probe import Probe, ProbeMiddleware, ProbeSettings, instrument
from unjam.probe import hooks as probe_hooks
from unjam.probe.attribution import locate_request
from unjam.probe.histogram import BOUNDS_MS, PROMETHEUS_BOUNDS_MS, Histogram
from unjam.probe.stacks import IDLE, ends_run, is_user_file, prove_block

# -- histograms ---------------------------------------------------------------------------------


def test_histogram_percentiles_within_one_bucket():
    hist = Histogram()
    for value in range(1, 1001):
        hist.record(float(value))
    assert hist.count == 1000 and hist.max == 1000.0
    assert 500 <= hist.percentile(50) <= 500 * 1.08
    assert 990 <= hist.percentile(99) <= 1000
    assert hist.summary() == {
        "p50": round(hist.percentile(50), 3),
        "p99": round(hist.percentile(99), 3),
        "max": 1000.0,
    }
    cumulative = hist.cumulative()
    assert cumulative == sorted(cumulative) and cumulative[-1] == 1000
    assert len(hist.counts) == len(BOUNDS_MS) + 1  # fixed size, whatever is recorded
    assert set(PROMETHEUS_BOUNDS_MS) <= set(BOUNDS_MS)


def test_empty_histogram_summary_is_zero():
    assert Histogram().summary() == {"p50": 0.0, "p99": 0.0, "max": 0.0}


def test_histogram_replace_moves_one_value():
    hist = Histogram()
    hist.record(1.0)
    hist.record(2.0)
    hist.replace(1.0, 40.0)  # a running sum that grew
    assert hist.count == 2 and sum(hist.counts) == 2
    assert hist.sum == 42.0 and hist.max == 40.0
    assert hist.percentile(50) <= 2.0 * 1.08 and hist.percentile(99) == 40.0


# -- stall judgement on synthetic samples -----------------------------------------------------------


def _frame_of(fn):
    """A real frame object whose root is `fn`'s frame (kept alive by the returned tuple)."""
    return fn()


def _root():
    return sys._getframe()


def _user_leaf():
    return sys._getframe()


def _proven(samples, threshold):
    """Cut samples into runs as the watchdog does (a run ends at the sample that shows its
    callback has ended) and keep the runs that prove a block."""
    found, run = [], []
    for sample in [*samples, (samples[-1][0] + 0.002, IDLE)]:
        if ends_run(run, sample):
            found.append(prove_block(run, sample[0] - run[0][0], threshold))
            run = []
        if sample[1] is not IDLE:
            run.append(sample)
    return [evidence for evidence in found if evidence is not None]


def test_one_callback_on_every_sample_is_a_stall():
    root, leaf = _root(), _user_leaf()
    samples = [(t * 0.002, ((root, 10), (leaf, 42))) for t in range(10)]
    (evidence,) = _proven(samples, threshold=0.02)
    assert evidence.samples == 10
    assert evidence.blocking == (leaf, 42)
    assert evidence.root is root


def test_a_succession_of_different_callbacks_is_not_a_stall():
    samples = [(t * 0.002, ((_root(), 10), (_user_leaf(), 42))) for t in range(10)]
    assert _proven(samples, threshold=0.02) == []


def test_two_close_samples_are_not_proof():
    root = _root()
    samples = [(0.0, ((root, 1),)), (0.002, ((root, 1),))]
    assert prove_block(samples, duration=0.03, threshold=0.025) is None
    assert prove_block(samples[:1], duration=0.03, threshold=0.001) is None


def test_an_idle_loop_ends_a_callback_and_is_never_a_stall():
    root, leaf = _root(), _user_leaf()
    block = [(t * 0.002, ((root, 1), (leaf, 7))) for t in range(8)]
    idle = [(0.016 + t * 0.002, IDLE) for t in range(20)]
    (evidence,) = _proven(block + idle, threshold=0.01)
    assert evidence.blocking == (leaf, 7) and evidence.samples == 8
    assert _proven(idle, threshold=0.01) == []


def test_block_followed_by_other_callbacks_is_still_found():
    root, leaf = _root(), _user_leaf()
    block = [(t * 0.002, ((root, 1), (leaf, 7))) for t in range(8)]
    tail = [(0.016 + t * 0.002, ((_root(), 1),)) for t in range(2)]
    (evidence,) = _proven(block + tail, threshold=0.01)
    assert evidence.blocking == (leaf, 7)


def test_user_code_excludes_stdlib_site_packages_and_unjam():
    import asyncio as stdlib_module

    import fastapi

    import unjam

    assert is_user_file(__file__)
    assert not is_user_file(stdlib_module.__file__)
    assert not is_user_file(fastapi.__file__)
    assert not is_user_file(unjam.__file__)
    assert not is_user_file("<frozen importlib._bootstrap>")


# -- in-process app ---------------------------------------------------------------------------------


def make_app() -> FastAPI:
    app = FastAPI()

    async def token() -> str:
        return "t"

    def sync_dep() -> int:
        return 1

    @app.get("/json/{item_id}")
    async def json_route(item_id: int, tok: str = __import__("fastapi").Depends(token)):
        return {"item_id": item_id, "tok": tok}

    @app.get("/sync")
    def sync_route(n: int = __import__("fastapi").Depends(sync_dep)):
        time.sleep(0.005)  # a floor the pool's run-time histogram must show
        return {"n": n}

    @app.get("/stream")
    async def stream():
        async def chunks():
            for i in range(5):
                yield f"chunk {i}\n".encode()

        return StreamingResponse(chunks(), media_type="text/plain", headers={"x-a": "1"})

    @app.get("/sync-stream")
    def sync_stream():
        return StreamingResponse(iter([b"a", b"b" * 10]), media_type="application/octet-stream")

    @app.get("/large")
    async def large():
        return PlainTextResponse("x" * 1_000_000)

    @app.get("/missing")
    async def missing():
        raise HTTPException(status_code=404, detail="nope", headers={"x-why": "gone"})

    @app.get("/boom")
    async def boom():
        raise RuntimeError("boom")

    @app.get("/redirect")
    async def redirect():
        return RedirectResponse("/json/1")

    @app.get("/background")
    async def background(tasks: BackgroundTasks):
        tasks.add_task(lambda: None)
        return {"ok": True}

    @app.post("/echo")
    async def echo(body: dict):
        return body

    return app


REQUESTS = [
    ("GET", "/json/3", b""),
    ("GET", "/json/notanint", b""),
    ("HEAD", "/json/3", b""),
    ("GET", "/sync", b""),
    ("GET", "/stream", b""),
    ("GET", "/sync-stream", b""),
    ("GET", "/large", b""),
    ("HEAD", "/large", b""),
    ("GET", "/missing", b""),
    ("GET", "/boom", b""),
    ("GET", "/redirect", b""),
    ("GET", "/background", b""),
    ("POST", "/echo", b'{"a": [1, 2, {"b": null}]}'),
    ("POST", "/echo", b"{not json"),
    ("GET", "/no-such-route", b""),
]


async def _call(app, method: str, path: str, body: bytes):
    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"test"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 1234),
        "server": ("127.0.0.1", 80),
    }
    sent: list[dict] = []
    fed = False

    async def receive():
        nonlocal fed
        if not fed:
            fed = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.sleep(3600)

    async def send(message):
        sent.append(message)

    error = None
    try:
        await app(scope, receive, send)
    except Exception as exc:  # ServerErrorMiddleware re-raises after answering 500
        error = repr(exc)
    return sent, error


@pytest.mark.parametrize("way", ["instrument", "add_middleware"])
def test_probe_changes_no_response(way):
    plain = make_app()
    if way == "instrument":
        probed = instrument(make_app(), probe=Probe(ProbeSettings()))
    else:
        probed = make_app()
        probed.add_middleware(ProbeMiddleware, probe=Probe(ProbeSettings()))

    async def run():
        for method, path, body in REQUESTS:
            expected = await _call(plain, method, path, body)
            actual = await _call(probed, method, path, body)
            assert actual == expected, (method, path)

    asyncio.run(run())


def get_all(app, paths: list[str]) -> list[int]:
    """GET each path in turn through httpx's ASGI transport; the status codes."""

    async def run():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            return [(await client.get(path)).status_code for path in paths]

    return asyncio.run(run())


def test_phases_are_sampled_while_counts_stay_exact():
    # An hour between timed requests: only the first of these 12 is timed.
    probe = Probe(ProbeSettings(phase_sample_ms=3_600_000.0))
    app = instrument(make_app(), probe=probe)
    assert get_all(app, ["/json/1"] * 12) == [200] * 12
    stats = probe.routes["GET /json/{item_id}"]
    assert stats.requests == 12 and stats.status == {200: 12}
    # Phases, whole-request time included, describe the same sample: the first request.
    assert stats.total.count == 1
    assert stats.phases["endpoint"].count == 1
    assert stats.phases["dependencies"].count == 1
    assert probe.snapshot()["probe"]["phase_sample_ms"] == 3_600_000.0


def test_a_request_after_the_sampling_interval_is_timed_again():
    # 20 ms between timed requests: of two requests back to back only the first is timed;
    # after a pause longer than the interval (the watchdog raises `sample_due` meanwhile)
    # the next one is timed too.
    probe = Probe(ProbeSettings(phase_sample_ms=20.0))
    app = instrument(make_app(), probe=probe)

    async def run():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            for _ in range(2):
                assert (await client.get("/json/1")).status_code == 200
            timed_before_pause = probe.routes["GET /json/{item_id}"].total.count
            await asyncio.sleep(0.2)
            assert (await client.get("/json/1")).status_code == 200
            return timed_before_pause

    assert asyncio.run(run()) == 1
    stats = probe.routes["GET /json/{item_id}"]
    assert stats.requests == 3
    assert stats.total.count == 2


def untimed_probe() -> Probe:
    """A probe whose requests all take the untimed path: none is due for phase timing."""
    probe = Probe(ProbeSettings(phase_sample_ms=3_600_000.0))
    probe.sample_due = False
    return probe


def _probe_frames() -> list[str]:
    """Functions of the probe middleware on the calling stack."""
    frame, names = sys._getframe(1), []
    while frame is not None:
        if frame.f_globals.get("__name__") == "unjam.probe.middleware":
            names.append(frame.f_code.co_name)
        frame = frame.f_back
    return names


@pytest.mark.parametrize("way", ["instrument", "add_middleware"])
def test_untimed_requests_are_counted_when_the_response_starts(way):
    probe = untimed_probe()
    app = make_app()
    seen = []

    @app.get("/where")
    async def where():
        seen.append(_probe_frames())
        return {}

    if way == "instrument":
        app = instrument(app, probe=probe)
    else:
        app.add_middleware(ProbeMiddleware, probe=probe)

    async def run():
        paths = ["/json/1", "/json/x", "/missing", "/boom", "/no-such-route", "/where"]
        return [(await _call(app, "GET", path, b""))[0][0]["status"] for path in paths]

    assert asyncio.run(run()) == [200, 422, 404, 500, 404, 200]
    # The untimed path returns the app's own awaitable: no probe frame under the endpoint.
    assert seen == [[]]
    assert probe.loop is None and probe.routes["GET /json/{item_id}"].total.count == 0
    routes = probe.snapshot()["routes"]
    assert routes["GET /json/{item_id}"]["status"] == {"200": 1, "422": 1}
    assert routes["GET /json/{item_id}"]["requests"] == 2
    assert routes["GET /missing"]["status"] == {"404": 1}
    assert routes["GET /where"]["status"] == {"200": 1}
    assert not any("no-such-route" in key for key in routes)  # no route matched
    if way == "instrument":  # outermost: it sees the 500 ServerErrorMiddleware sends
        assert routes["GET /boom"]["status"] == {"500": 1}
    else:  # inside ServerErrorMiddleware: the 500 is sent outside the probe
        assert "GET /boom" not in routes


def test_a_failure_counting_an_untimed_request_is_counted_never_raised(monkeypatch):
    probe = untimed_probe()
    app = instrument(make_app(), probe=probe)

    def broken(*args, **kwargs):
        raise ZeroDivisionError("probe bug")

    monkeypatch.setattr(probe, "count_response", broken)  # a route's first request
    sent, error = asyncio.run(_call(app, "GET", "/json/3", b""))
    assert error is None and sent[0]["status"] == 200
    assert probe.errors == 1 and "ZeroDivisionError" in probe.warnings[0]


def test_servers_see_an_asgi3_app():
    import uvicorn
    from starlette._utils import is_async_callable

    for wrapped in (
        instrument(make_app(), probe=untimed_probe()),
        ProbeMiddleware(make_app(), probe=untimed_probe()),
    ):
        # __call__ is a plain function returning an awaitable, marked as a coroutine
        # function: unmarked, uvicorn would wrap it in its ASGI 2 adapter.
        config = uvicorn.Config(wrapped, proxy_headers=False, log_config=None)
        config.load()
        assert config.interface == "asgi3" and config.loaded_app is wrapped
        assert is_async_callable(wrapped)


def test_untimed_thread_pool_time_is_one_value_per_request():
    import time

    from starlette.concurrency import run_in_threadpool

    probe = untimed_probe()
    app = FastAPI()

    def after_response() -> None:
        time.sleep(0.03)

    @app.get("/sync")
    def sync_route(tasks: BackgroundTasks):
        time.sleep(0.02)
        tasks.add_task(after_response)  # a sync task: in the pool, after the response
        return {}

    @app.get("/async")
    async def async_route():
        return {}

    class PoolBeforeRouting:  # a pool call before the route is known
        def __init__(self, app):
            self.app = app

        async def __call__(self, scope, receive, send):
            if scope["type"] == "http" and scope["path"] == "/async":
                await run_in_threadpool(time.sleep, 0.01)
            await self.app(scope, receive, send)

    app.add_middleware(PoolBeforeRouting)
    wrapped = instrument(app, probe=probe)
    assert get_all(wrapped, ["/sync", "/sync", "/async"]) == [200, 200, 200]
    assert probe.threadpool.run.count == 5  # every call
    sync = probe.routes["GET /sync"]
    assert sync.status == {200: 2}
    # One value per request, summing its calls: the endpoint's and the background task's.
    assert sync.tp_run.count == 2 and sync.tp_wait.count == 2
    assert sync.tp_run.sum >= 2 * 50.0 and sync.tp_run.max >= 50.0
    before = probe.routes["GET /async"]  # folded in when the response started
    assert before.tp_run.count == 1 and before.tp_run.sum >= 10.0


def test_an_untimed_request_is_located_through_the_scope_asgi_frames_hold():
    from unjam.probe.stacks import KNOWN_DISPATCH_CODES

    probe = untimed_probe()
    app = make_app()
    found = []

    @app.get("/locate/{n}")
    async def locate(n: int):
        frame, chain = sys._getframe(), []
        while frame is not None and frame.f_code not in KNOWN_DISPATCH_CODES:
            chain.append((frame, frame.f_lineno))
            frame = frame.f_back
        state, request_frame = locate_request(tuple(reversed(chain)))
        found.append(
            (probe.route_index.key(state.scope), state.scope["path"], request_frame, chain)
        )
        return {}

    assert get_all(instrument(app, probe=probe), ["/locate/1"]) == [200]
    ((route, path, request_frame, chain),) = found
    assert (route, path) == ("GET /locate/{n}", "/locate/1")
    # The frame that shows the request is on the stack: a stall whose samples do not all
    # share it spans two requests of one task (an in-process client), not one request.
    assert any(frame is request_frame for frame, _ in chain)


def test_phase_wrappers_are_in_place_only_while_a_sampled_request_runs():
    import fastapi.routing

    probe = Probe(ProbeSettings(phase_sample_ms=3_600_000.0))
    app = make_app()
    seen = []

    @app.get("/which")
    async def which():
        seen.append(hasattr(fastapi.routing.run_endpoint_function, "__unjam_original__"))
        return {}

    wrapped = instrument(app, probe=probe)
    assert get_all(wrapped, ["/which"] * 3) == [200] * 3
    # The first request is timed (through the wrapper), the next two call FastAPI directly.
    assert seen == [True, False, False]
    assert not hasattr(fastapi.routing.run_endpoint_function, "__unjam_original__")
    assert not hasattr(fastapi.routing.solve_dependencies, "__unjam_original__")


def test_instrumented_app_keeps_the_app_attributes():
    app = make_app()
    wrapped = instrument(app, probe=Probe(ProbeSettings()))
    assert wrapped.app is app
    assert wrapped.routes is app.routes
    assert wrapped.dependency_overrides is app.dependency_overrides
    assert instrument(wrapped) is wrapped


def test_phases_and_dependencies_are_timed_per_route():
    probe = Probe(ProbeSettings(phase_sample_ms=0.0))
    app = instrument(make_app(), probe=probe)

    async def run():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            for _ in range(3):
                assert (await client.get("/json/1")).status_code == 200
                assert (await client.get("/sync")).status_code == 200
            assert (await client.get("/json/x")).status_code == 422

    asyncio.run(run())
    snap = probe.snapshot()
    assert snap["probe"]["phases"] is True
    route = snap["routes"]["GET /json/{item_id}"]
    assert route["requests"] == 4
    assert route["status"] == {"200": 3, "422": 1}
    assert {
        "total",
        "dependencies",
        "endpoint",
        "serialization",
        "dep:make_app.<locals>.token",
    } <= set(route["phases_ms"])
    sync_route = snap["routes"]["GET /sync"]
    assert "threadpool_wait" in sync_route["phases_ms"]
    assert "dep:make_app.<locals>.sync_dep" in sync_route["phases_ms"]
    assert sync_route["threadpool_run_ms"]["max"] >= 5.0  # the route's 5 ms sleep, in a thread


def test_snapshot_follows_the_public_contract():
    probe = Probe(ProbeSettings())
    app = instrument(make_app(), probe=probe)

    async def run():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            await client.get("/json/1")
            await client.get("/sync")

    asyncio.run(run())
    snap = probe.snapshot()
    assert set(snap) == {
        "version", "stalls", "stall_in_progress", "threadpool", "routes", "loop_lag_ms", "probe",
    }  # fmt: skip
    assert snap["version"] == 1
    assert snap["stall_in_progress"] is None
    pool = snap["threadpool"]
    assert set(pool) == {
        "total_tokens", "max_borrowed", "max_waiting", "wait_ms", "timeline", "ceiling_rps",
    }  # fmt: skip
    assert isinstance(pool["total_tokens"], int) and pool["total_tokens"] == 40
    assert set(pool["wait_ms"]) == {"p50", "p99", "max"}
    for key, route in snap["routes"].items():
        method, template = key.split(" ", 1)
        assert method.isupper() and template.startswith("/")
        assert set(route) == {
            "requests", "phases_ms", "threadpool_wait_ms", "threadpool_run_ms", "status",
        }  # fmt: skip
        for phase in route["phases_ms"].values():
            assert set(phase) == {"p50", "p99"}
            assert all(isinstance(v, float) for v in phase.values())
    assert set(snap["probe"]) == {
        "errors",
        "warnings",
        "loop",
        "phases",
        "phase_sample_ms",
        "threshold_ms",
        "started_at",
    }
    assert snap["probe"]["loop"] in ("asyncio", "uvloop")
    assert set(snap["loop_lag_ms"]) == {"p50", "p99", "max"}


# -- safety ---------------------------------------------------------------------------------------


def test_a_probe_failure_is_counted_never_raised(monkeypatch):
    probe = Probe(ProbeSettings())
    app = instrument(make_app(), probe=probe)

    def broken(*args, **kwargs):
        raise ZeroDivisionError("probe bug")

    monkeypatch.setattr(probe, "finish_request", broken)

    async def run():
        return await _call(app, "GET", "/json/3", b"")

    sent, error = asyncio.run(run())
    assert error is None and sent[0]["status"] == 200
    assert probe.errors == 1
    assert any("ZeroDivisionError" in w for w in probe.snapshot()["probe"]["warnings"])


def test_changed_fastapi_internals_fall_back_with_one_warning(monkeypatch):
    probe = Probe(ProbeSettings())
    import fastapi.routing as routing

    before = routing.solve_dependencies
    monkeypatch.setitem(probe_hooks._EXPECTED_PARAMS, "run_endpoint_function", {"renamed"})
    assert probe_hooks._install_fastapi(probe) is False
    assert routing.solve_dependencies is before  # nothing half-installed
    (warning,) = probe.warnings
    assert "run_endpoint_function" in warning and "whole-request timing" in warning


def test_memory_is_bounded():
    from unjam.probe.core import MAX_STALLS, TIMELINE_LEN

    probe = Probe(ProbeSettings())
    assert probe.stalls.maxlen == MAX_STALLS
    assert probe.threadpool.timeline.maxlen == TIMELINE_LEN
    for _ in range(100):
        probe.warn(f"warning {_}")
    assert len(probe.warnings) <= 50


@pytest.mark.parametrize("timed", [True, False], ids=["timed", "untimed"])
def test_made_up_methods_do_not_grow_the_route_table(timed):
    """The router names the route a wrong method was sent to (405): each made-up method
    once added a route key with its histograms, without bound."""
    probe = Probe(ProbeSettings(phase_sample_ms=0.0)) if timed else untimed_probe()
    app = instrument(make_app(), probe=probe)
    methods = [f"X{number}" for number in range(300)] + ["GET", "POST"]

    async def run():
        return [(await _call(app, method, "/json/1", b""))[0][0]["status"] for method in methods]

    statuses = asyncio.run(run())
    assert statuses[:300] == [405] * 300 and statuses[-2:] == [200, 405]
    assert set(probe.routes) == {
        "OTHER /json/{item_id}",
        "GET /json/{item_id}",
        "POST /json/{item_id}",
    }
    assert probe.routes["OTHER /json/{item_id}"].status == {405: 300}
    assert len(probe.counting) <= 2 and len(probe.route_index) <= 2


# -- exports --------------------------------------------------------------------------------------


def test_prometheus_exposition_uses_its_own_registry():
    from prometheus_client import REGISTRY
    from prometheus_client.parser import text_string_to_metric_families

    from unjam.probe.prometheus import exposition

    probe = Probe(ProbeSettings())
    app = instrument(make_app(), probe=probe)
    asyncio.run(_call(app, "GET", "/json/3", b""))
    families = {f.name: f for f in text_string_to_metric_families(exposition(probe).decode())}
    assert {
        "unjam_loop_stalls", "unjam_loop_stall_duration_seconds", "unjam_loop_lag_seconds",
        "unjam_threadpool_tokens", "unjam_threadpool_waiting", "unjam_route_phase_seconds",
    } <= set(families)  # fmt: skip
    phases = families["unjam_route_phase_seconds"]
    routes = {s.labels.get("route") for s in phases.samples}
    assert "GET /json/{item_id}" in routes
    assert REGISTRY.get_sample_value("unjam_loop_stalls_total") is None


def test_opentelemetry_metrics_with_in_memory_reader():
    pytest.importorskip("opentelemetry.sdk")
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.metrics.export import InMemoryMetricReader

    from unjam.probe.otel import register_metrics

    probe = Probe(ProbeSettings())
    app = instrument(make_app(), probe=probe)
    asyncio.run(_call(app, "GET", "/json/3", b""))
    reader = InMemoryMetricReader()
    register_metrics(probe, MeterProvider(metric_readers=[reader]))
    data = reader.get_metrics_data()
    names = {
        metric.name
        for resource in data.resource_metrics
        for scope in resource.scope_metrics
        for metric in scope.metrics
    }
    assert {"unjam.loop.stalls", "unjam.threadpool.tokens", "unjam.route.phase.p99"} <= names


def test_persistent_thread_pool_waiting_warns_with_the_ceiling():
    from types import SimpleNamespace

    from unjam.probe.watchdog import Watchdog

    probe = Probe(ProbeSettings())
    probe.limiter = SimpleNamespace(
        statistics=lambda: SimpleNamespace(borrowed_tokens=40, total_tokens=40, tasks_waiting=7)
    )
    for _ in range(10):
        probe.threadpool.run.record(200.0)  # 200 ms per call → 40 / 0.2 s = 200 calls/s
    watchdog = Watchdog(probe)
    for tick in range(13):
        watchdog._sample_threadpool(100.0 + tick * 0.1)
    pool = probe.snapshot()["threadpool"]
    assert pool["max_waiting"] == 7 and pool["max_borrowed"] == 40
    assert len(pool["timeline"]) == 13 and pool["timeline"][-1][1:] == [40, 7]
    assert pool["ceiling_rps"] == pytest.approx(200.0, rel=0.1)
    (warning,) = probe.warnings
    assert "thread pool saturated" in warning and "ceiling" in warning and "40 tokens" in warning


# -- the watchdog's deadline --------------------------------------------------------------------


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="timerfd is Linux-only")
def test_deadline_fires_once_overdue_and_each_arm_pushes_it_back():
    from unjam.probe.heartbeat import Deadline

    deadline = Deadline.create()
    assert deadline is not None
    deadline.arm(0.01)
    assert deadline.wait(5.0) is True  # fired: the beat it stands for is overdue
    assert deadline.wait(0.02) is False  # fires once, not again until re-armed
    deadline.arm(10.0)
    assert deadline.wait(0.05) is False  # not due yet: the watchdog sleeps on
    deadline.arm(0.01)  # a new beat replaces the deadline
    assert deadline.wait(5.0) is True


STALL_APP_LINE = "time.sleep(0.12)  # the stall"


def _stall_app() -> FastAPI:
    import time

    app = FastAPI()

    @app.get("/stall/{n}")
    async def stall(n: int):
        time.sleep(0.12)  # the stall
        return {"n": n}

    return app


@pytest.mark.parametrize("deadline", ["timerfd", "polling"])
def test_a_stall_is_found_with_the_deadline_and_by_polling(deadline, monkeypatch):
    """Where there is no timerfd the watchdog polls once per beat; both find the stall."""
    from unjam.probe.heartbeat import Deadline

    if deadline == "polling":
        monkeypatch.setattr(Deadline, "create", classmethod(lambda cls: None))
    elif not sys.platform.startswith("linux"):
        pytest.skip("timerfd is Linux-only")
    probe = Probe(ProbeSettings(threshold_ms=25.0))
    app = instrument(_stall_app(), probe=probe)

    async def run():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            await client.get("/stall/0")  # attaches the heartbeat and watchdog
            await asyncio.sleep(0.05)
            response = await client.get("/stall/1")
            await asyncio.sleep(0.1)  # the watchdog records the stall once the loop is back
            return response.status_code

    try:
        assert asyncio.run(run()) == 200
        assert (probe.deadline is None) == (deadline == "polling")
        stalls = list(probe.stalls)
        assert stalls, "no stall recorded"
        stall = stalls[-1]
        assert stall["route"] == "GET /stall/{n}"
        frame = stall["blocking_frame"]
        assert frame["path"] == __file__ and frame["function"] == "_stall_app.<locals>.stall"
        with open(__file__) as handle:
            assert STALL_APP_LINE in handle.read().splitlines()[frame["line"] - 1]
    finally:
        probe.shutdown()
