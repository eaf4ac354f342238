"""The doctor's reasoning on synthetic measurements: correlation, capacity model, ranking."""

from __future__ import annotations

import socket
from pathlib import Path

from doctor_support import CALL_LINE, SEND_LINE, findings, stall, synthetic_report, write_app

import unjam.probe
from unjam.analysis.api import analyze
from unjam.doctor import charts
from unjam.doctor.cause import RankedCause
from unjam.doctor.correlate import correlate, match_stall
from unjam.doctor.options import DoctorOptions, serve_argv, split_serve_options
from unjam.doctor.routes import template_matcher
from unjam.doctor.stalls import group_stalls, user_frame


def test_top_cause_names_route_line_cause_and_ceiling(tmp_path):
    report = synthetic_report(tmp_path)
    top = report["ranked"][0]
    assert top["route"] == "POST /invoice"
    assert top["line"] == SEND_LINE
    assert top["status"] == "confirmed"
    assert top["finding"] == "F1"
    assert "blocks the loop 180 ms per request" in top["message"]
    assert "Producer.send_message → boto3 send_message" in top["message"]
    assert "caps the route at 5.6 rps" in top["message"]
    assert "fix: use aiobotocore" in top["message"]


def test_capacity_model_explains_measured_ceiling_with_loop(tmp_path):
    cap = synthetic_report(tmp_path)["routes"]["POST /invoice"]["capacity"]
    assert cap["limit"] == "event loop"
    assert cap["loop_ms_per_request"] == 180.0
    assert cap["explains"] is True
    assert "Little's law" in cap["explanation"]
    assert cap["littles_law"]["exclusive_ms_per_request"] > 150


def test_statuses_confirmed_by_stall_and_by_dependency_time(tmp_path):
    report = synthetic_report(tmp_path)
    status = {f["id"]: f["status"] for f in report["findings"]}
    assert status == {"F1": "confirmed", "F2": "confirmed"}
    dependency = next(f for f in report["findings"] if f["id"] == "F2")
    assert "dependency Producer took 12.0 ms" in dependency["evidence"]


def test_fixed_variant_confirms_no_loop_finding(tmp_path):
    report = synthetic_report(tmp_path, fixed=True)
    loop = [f for f in report["findings"] if f["blocks_loop"]]
    assert loop and all(f["status"] != "confirmed" for f in loop)
    assert report["stalls"] == []
    assert report["summary"]["runtime_only_stalls"] == 0


def test_stall_matches_chain_line_and_else_is_runtime_only(tmp_path):
    app_file = write_app(tmp_path)
    found = findings(app_file)
    at_call = stall(app_file, 50.0)
    at_call["blocking_frame"] = {"path": str(app_file), "line": CALL_LINE, "function": "invoice"}
    elsewhere = stall(app_file, 50.0)
    elsewhere["blocking_frame"] = {"path": str(app_file), "line": 22, "function": "health"}
    elsewhere["stack"] = [elsewhere["blocking_frame"]]
    groups = group_stalls([at_call, elsewhere])
    matched = {g.line: match_stall(g, found) for g in groups}
    assert matched[CALL_LINE][0]["id"] == "F1" and matched[CALL_LINE][1] == "chain"
    assert matched[22] == (None, None)
    result = correlate(found, groups, {})
    runtime_only = [g for g in result.groups if g.finding_id is None]
    assert [g.line for g in runtime_only] == [22]


def test_unmeasured_route_finding_is_not_exercised(tmp_path):
    app_file = write_app(tmp_path)
    result = correlate(findings(app_file), [], {})
    assert {s["status"] for s in result.statuses.values()} == {"not exercised"}


def test_analysis_keeps_the_app_not_its_neighbours(tmp_path):
    pkg = tmp_path / "svc"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    app = "from fastapi import FastAPI\napp = FastAPI()\n"
    (pkg / "main.py").write_text(
        "from .sub import helpers\nimport svc.models\n" + app
        + "@app.get('/a')\nasync def a():\n    helpers.wait()\n"
    )  # fmt: skip
    (pkg / "sub" / "helpers.py").write_text("import time\ndef wait():\n    time.sleep(1)\n")
    (pkg / "models.py").write_text("X = 1\n")
    (pkg / "other_app.py").write_text(
        "import time\nimport svc.models\n" + app + "@app.get('/a')\nasync def b():\n    time.sleep(1)\n"
    )  # fmt: skip
    result = analyze([pkg], app_module="svc.main", root=tmp_path)
    assert {f.location.path for f in result.findings if f.code == "UJ001"} == {"svc/sub/helpers.py"}
    assert list(result.routes) == ["GET /a"]
    assert result.routes["GET /a"].endpoint.path == "svc/main.py"


def test_targets_are_attributed_to_schema_templates():
    schema = {
        "paths": {
            "/items/{item_id}": {"get": {}, "put": {}},
            "/items/latest": {"get": {}},
            "/webhooks/invoice": {"post": {}},
        }
    }
    match = template_matcher(schema)
    assert match("GET", "/items/42") == "GET /items/{item_id}"
    assert match("GET", "/items/latest") == "GET /items/latest"
    assert match("POST", "/webhooks/invoice") == "POST /webhooks/invoice"
    assert match("DELETE", "/items/42") == "DELETE /items/42"  # no such operation: literal
    assert template_matcher(None)("GET", "/x") == "GET /x"


def test_blocking_frame_is_rederived_as_the_innermost_app_frame(tmp_path):
    app_file = write_app(tmp_path)
    socket_py = str(Path(socket.__file__).resolve())
    probe_said = {"path": socket_py, "line": 706, "function": "SocketIO.readinto"}
    raw = {
        "duration_ms": 150.0,
        "route": "POST /invoice",
        "blocking_frame": probe_said,
        "stack": [
            {
                "path": str(Path(unjam.probe.__file__).parent / "middleware.py"),
                "line": 70,
                "function": "m",
            },
            {"path": str(app_file), "line": CALL_LINE, "function": "invoice"},
            {"path": str(app_file), "line": SEND_LINE, "function": "send_message"},
            probe_said,
        ],
    }
    fixed = user_frame(raw, [str(tmp_path)])
    assert fixed["blocking_frame"]["line"] == SEND_LINE
    assert fixed["probe_frame"] == probe_said
    group = group_stalls([fixed])[0]
    assert match_stall(group, findings(app_file))[1] == "line"


def test_chart_draws_series_and_names_far_references():
    chart = charts.Chart(
        "Throughput",
        "concurrency",
        "rps",
        series=[charts.Series("<measured>", [(1, 5.0), (8, 5.5), (32, 5.4)], style="both")],
        references=[charts.Reference("loop ceiling 5.6", 5.6), charts.Reference("pool 500", 500.0)],
        x_log2=True,
    )
    svg = charts.render(chart)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<circle") == 3 and "<path" in svg
    assert "&lt;measured&gt;" in svg  # names are escaped
    assert "loop ceiling 5.6" in svg and 'stroke-dasharray="5 4"' in svg
    assert "pool 500 (off the chart)" in svg
    assert "no data" in charts.render(charts.Chart("Empty", "x", "y"))
    assert charts.nice_ticks(0, 7.3) == [0, 2, 4, 6, 8]


def test_uvicorn_options_pass_through_and_loop_goes_to_the_probe():
    opts = DoctorOptions(app="m:app", uvicorn_args=["--loop", "asyncio", "--http=h11", "--factory"])
    argv = serve_argv(opts, 8001, 8002, Path("probe.json"))
    separator = argv.index("--")
    assert argv[separator + 1 :] == ["--no-access-log", "--http=h11"]
    own = argv[:separator]
    assert own[own.index("--loop") + 1] == "asyncio" and "--factory" in own
    assert own[own.index("--stall-threshold-ms") + 1] == "10.0"
    assert split_serve_options(["--loop=uvloop", "--timeout-keep-alive", "5"]) == (
        ["--loop=uvloop"],
        ["--timeout-keep-alive", "5"],
    )


MULTI_LINE = """\
def report(db):
    row = db.execute(
        "select 1",
    ).first()
    return row
"""


def test_a_stall_inside_a_multi_line_statement_matches_its_finding(tmp_path):
    app_file = tmp_path / "multi.py"
    app_file.write_text(MULTI_LINE)
    finding = findings(write_app(tmp_path))[0] | {
        "abs_path": str(app_file.resolve()),
        "line": 2,
        "chain": [],
    }
    sampled_at_first = stall(app_file, 40.0)
    sampled_at_first["blocking_frame"] = {"path": str(app_file), "line": 4, "function": "report"}
    group = group_stalls([sampled_at_first])[0]
    assert match_stall(group, [finding]) == (finding, "line")
    elsewhere = stall(app_file, 40.0)
    elsewhere["blocking_frame"] = {"path": str(app_file), "line": 5, "function": "report"}
    assert match_stall(group_stalls([elsewhere])[0], [finding]) == (None, None)


def test_a_stall_that_stops_a_route_at_one_level_is_never_minor(tmp_path):
    from unjam.doctor.rank import rank

    app_file = write_app(tmp_path)
    calm = [
        {**stall(app_file, 0.5), "step": ("POST /invoice", 1), "step_requests": 2000}
        for _ in range(4)
    ]
    storm = {**stall(app_file, 900.0), "step": ("POST /invoice", 2), "step_requests": 32}
    run = {"steps": [{"phase": "sweep", "requests": 2000}, {"phase": "sweep", "requests": 900}]}
    for stalls, minor in ((calm, True), ([*calm, storm], False)):
        groups = group_stalls(stalls)
        items = rank([], {}, groups, {"POST /invoice": run}, {"POST /invoice": {}})
        assert items[0].minor is minor  # 900 ms / 2900 requests is < 1 ms, yet it hurt


def test_thread_pool_growth_is_a_warm_up_note_not_a_ranked_cause(tmp_path):
    """anyio starting a worker thread (`Thread.start` waits on the loop) is paid once per
    thread: a warm-up cost, never a cause of the route's capacity; an app line still is."""
    import threading

    import anyio.to_thread

    from unjam.doctor.rank import rank

    app_file = write_app(tmp_path)
    anyio_frame = {
        "path": anyio.to_thread.__file__,
        "line": 56,
        "function": "run_sync",
    }
    start = {"path": threading.__file__, "line": 971, "function": "Thread.start"}
    wait = {"path": threading.__file__, "line": 327, "function": "Condition.wait"}
    growth = {
        **stall(app_file, 20.0),
        "blocking_frame": wait,
        "stack": [anyio_frame, start, wait],
        "step": ("POST /invoice", 8),
        "step_requests": 40,
    }
    blocking = {**stall(app_file, 30.0), "step": ("POST /invoice", 8), "step_requests": 40}
    run = {"steps": [{"phase": "sweep", "requests": 40}]}
    groups = group_stalls([growth] * 6 + [blocking] * 40)
    items = rank([], {}, groups, {"POST /invoice": run}, {"POST /invoice": {}})
    ranked = [item for item in items if not item.minor]
    assert [item.line for item in ranked] == [SEND_LINE]  # the app's line, only
    warmup = [item for item in items if item.warmup]
    assert len(warmup) == 1 and warmup[0].kind == "warmup"
    assert warmup[0].warmup == "threadpool_growth"
    assert warmup[0].impact.ceiling_rps is None
    assert "warm-up cost" in warmup[0].message


def test_a_library_import_at_start_up_is_a_warm_up_note_and_the_apps_own_is_ranked(tmp_path):
    """FastAPI importing a module at its first call, while the lifespan starts, is paid once
    inside the library: a warm-up note. The app's own start-up code blocking stays a cause."""
    import fastapi.applications

    from unjam.doctor.rank import rank

    app_file = write_app(tmp_path)
    library = {
        "duration_ms": 18.0,
        "route": None,
        "blocking_frame": {"path": "<frozen importlib._bootstrap_external>", "line": 147,
                           "function": "_path_stat"},
        "stack": [
            {"path": fastapi.applications.__file__, "line": 1209, "function": "FastAPI.__call__"},
            {"path": "<frozen importlib._bootstrap>", "line": 1176, "function": "_find_and_load"},
            {"path": "<frozen importlib._bootstrap_external>", "line": 147,
             "function": "_path_stat"},
        ],
    }  # fmt: skip
    own = {**stall(app_file, 40.0), "route": None}
    for stall_, kind in ((library, "warmup"), (own, "loop")):
        seen = user_frame(stall_, [str(tmp_path)])  # as the doctor reads every stall
        items = rank([], {}, group_stalls([seen], startup=True), {}, {})
        assert [(item.kind, item.minor, item.startup) for item in items] == [
            (kind, kind == "warmup", True)
        ]
        if kind == "warmup":  # before the first request: no request paid, nothing to move
            assert "no request waited" in items[0].message, items[0].message
            assert "inside the request" not in items[0].message
            assert items[0].fix.startswith("None needed"), items[0].fix
    assert group_stalls([library], startup=True)[0].path.startswith("<frozen")


def test_a_freeze_with_a_full_thread_pool_and_no_loop_stall_is_a_pool_wedge():
    """Nothing answered, but the probe saw no loop stall and all 40 tokens were borrowed with
    calls waiting (a DB pool smaller than the limiter): the fix is the pool's, not the loop's."""
    from unjam.doctor.freeze_cause import FREEZE_FIX, POOL_WEDGE_FIX
    from unjam.doctor.rank import rank

    def frozen(pool: dict) -> RankedCause:
        freeze = {"at": "64 concurrent", "waited_s": 16.0, "source": "client"}
        freeze |= {"loop_answered": False, "threadpool": pool}
        stall = {"duration_ms": 16000.0, "route": "GET /items", "blocking_frame": {}}
        groups = group_stalls([{**stall, "stack": [], "freeze": freeze}])
        return rank([], {}, groups, {"GET /items": {"steps": []}}, {"GET /items": {}})[0]

    wedged = frozen({"total_tokens": 40, "max_borrowed": 40, "max_waiting": 38})
    assert wedged.kind == "freeze"
    assert "thread pool wedged (40 of 40 tokens borrowed, 38 waiting)" in wedged.message
    assert wedged.fix == POOL_WEDGE_FIX
    blocked = frozen({"total_tokens": 40, "max_borrowed": 3, "max_waiting": 0})
    assert blocked.fix == FREEZE_FIX and "wedged" not in blocked.message


COMMON_KEYS = ["route", "finding", "code", "status", "path", "line", "function", "message"]
COMMON_KEYS += ["evidence", "fix", "impact", "stack"]


def test_ranked_causes_keep_the_version_1_keys_of_their_kind(tmp_path):
    """report.json's "ranked" keys are stable within version 1 (docs/doctor.md): a loop cause
    has no severity, a finding no minor or startup, and each kind's impact its own figures."""
    ranked = {item["kind"]: item for item in synthetic_report(tmp_path)["ranked"]}
    loop, finding = ranked["loop"], ranked["per-request-client"]
    assert list(loop) == ["kind", "minor", *COMMON_KEYS, "startup", "rank"]
    assert list(loop["impact"]) == [
        "loop_ms_per_request", "loop_ms_upper", "ceiling_rps", "added_latency_ms", "stall_ms",
    ]  # fmt: skip
    assert list(finding) == ["kind", *COMMON_KEYS, "severity", "rank"]
    assert list(finding["impact"]) == ["loop_ms_per_request", "ceiling_rps", "added_latency_ms"]
    assert loop["impact"]["loop_ms_upper"] is None  # present, with no range to give
