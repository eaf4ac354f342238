"""Scores `unjam check`'s engine against the annotated corpus in tests/corpus/.

Every app directory is analysed on its own. A line carrying `# expect: UJ001` (several codes
comma-separated) must be reported with exactly those codes; a line carrying `# ok` must not
be reported at all; nothing else may be reported. A file containing `# expect: unparsed`
must be listed as unparsed (and no other file may be).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unjam.analysis import parse
from unjam.analysis.catalogue import load_catalogue
from unjam.analysis.engine import analyze
from unjam.analysis.linker import Linker
from unjam.analysis.summary import from_plain

CORPUS = Path(__file__).parent / "corpus"
APPS = sorted(p.name for p in CORPUS.iterdir() if p.is_dir() and not p.name.startswith("_"))
EXPECT = re.compile(r"#\s*expect:\s*([A-Za-z0-9_, ]+)")
OK = re.compile(r"#\s*ok\b")


def markers(app: Path):
    expected: set[tuple[str, int, str]] = set()
    ok_lines: set[tuple[str, int]] = set()
    unparsed: set[str] = set()
    for path in sorted(app.rglob("*.py")):
        rel = path.relative_to(app).as_posix()
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = EXPECT.search(text)
            if match:
                for code in match.group(1).replace(" ", "").split(","):
                    if code == "unparsed":
                        unparsed.add(rel)
                    elif code:
                        expected.add((rel, number, code))
            if OK.search(text):
                ok_lines.add((rel, number))
    return expected, ok_lines, unparsed


def run(app: str):
    root = CORPUS / app
    return analyze(root, sorted(root.rglob("*.py")))


@pytest.mark.parametrize("app", APPS)
def test_corpus_app(app):
    expected, ok_lines, unparsed = markers(CORPUS / app)
    result = run(app)
    reported = {(f.location.path, f.location.line, f.code) for f in result.findings}
    messages = {(f.location.path, f.location.line, f.code): f.message for f in result.findings}
    missing = sorted(expected - reported)
    unexpected = sorted(reported - expected)
    on_ok = sorted(r for r in reported if (r[0], r[1]) in ok_lines)
    lines = []
    for item in missing:
        lines.append(f"  MISSING     {item[0]}:{item[1]} {item[2]}")
    for item in unexpected:
        tag = "ON-OK-LINE " if (item[0], item[1]) in ok_lines else "UNEXPECTED "
        lines.append(f"  {tag} {item[0]}:{item[1]} {item[2]}  {messages[item]}")
    assert not lines, f"corpus app {app!r} differs from its markers:\n" + "\n".join(lines)
    assert not on_ok
    assert {path for path, _ in result.unparsed} == unparsed, result.unparsed
    assert result.files == len(list((CORPUS / app).rglob("*.py")))


def test_corpus_covers_every_code():
    codes = set()
    for app in APPS:
        codes |= {code for _, _, code in markers(CORPUS / app)[0]}
    assert {"UJ001", "UJ002", "UJ003", "UJ004", "UJ005", "UJ006"} <= codes


def _one(result, code, path):
    found = [f for f in result.findings if f.code == code and f.location.path == path]
    assert len(found) == 1, [str(f.location) for f in result.findings]
    return found[0]


def test_seed000_chain_and_route():
    result = run("seed000_webhook")
    finding = _one(result, "UJ001", "aws/sqs/queue.py")
    assert finding.blocker == "boto3.Client.send_message"
    assert finding.kind == "network" and finding.blocks_loop
    assert finding.entry.name == "invoice_handler"
    assert finding.entry.route == "POST /webhooks/invoice"
    assert str(finding.entry.context) == "event-loop"
    assert [step.name for step in finding.chain] == [
        "invoice_handler",
        "Producer.send_message",
        "SqsSimpleQueue.send_message",
        "boto3.Client.send_message",
    ]
    assert finding.chain[0].path == "billing/routers/webhooks/invoice.py"
    assert finding.fix


def test_seed000_dependency_construction_runs_in_thread_pool():
    result = run("seed000_webhook")
    constructions = [
        f for f in result.findings if f.code == "UJ003" and f.blocker == "boto3.client"
    ]
    assert len(constructions) == 1
    finding = constructions[0]
    assert finding.entry.name == "Producer"
    assert str(finding.entry.context) == "thread-pool"
    assert finding.entry.route == "POST /webhooks/invoice"
    assert finding.chain[0].name == "Producer.__init__"


def test_seed003_receiver_flows_through_untyped_parameter():
    result = run("seed003_translate")
    blocking = [f for f in result.findings if f.code == "UJ001"]
    assert blocking and all(
        f.blocker == "google.cloud.translate_v2.Client.translate" for f in blocking
    )
    assert blocking[0].entry.route == "POST /blocking/"


def test_plain_asyncio_entry_has_no_route():
    """Without an app, entries are coroutines (on the loop) or, for what a serving main does
    before it serves, start-up."""
    result = run("plain_asyncio")
    assert result.findings
    for finding in result.findings:
        assert finding.entry.route is None
        expected = "startup" if finding.code == "UJ002" else "event-loop"
        assert str(finding.entry.context) == expected
    assert any(f.code == "UJ002" for f in result.findings)


def test_findings_are_sorted_and_json_serialisable():
    import json

    result = run("shop")
    keys = [(f.location.path, f.location.line, f.location.column, f.code) for f in result.findings]
    assert keys == sorted(keys)
    json.dumps([f.to_json() for f in result.findings])


def test_route_labels_follow_prefixes_subclassed_routers_and_factories():
    result = run("routing")
    routes = {f.location.path: f.entry.route for f in result.findings if f.code == "UJ001"}
    assert routes["chat/factory.py"] == "GET /internal/metrics/push"
    assert routes["chat/admin/views.py"] == "POST /admin/restart/{service}"
    labels = {f.entry.route for f in result.findings if f.location.path == "chat/v1/rooms.py"}
    assert labels == {"WS /chat/v1/rooms/{room}/ws", "GET,HEAD /chat/v1/rooms/{room}/history"}
    # `for path in ("/v1/messages", "/anthropic/v1/messages"): add_api_route(path, ...)`
    (looped,) = [f for f in result.findings if f.location.path == "chat/aliases.py"]
    assert looped.entry.route == "POST /v1/messages", looped.entry
    assert "also reached from 1 other entry point" in looped.message, looped.message


def test_a_route_on_a_router_unjam_cannot_name_shows_its_prefix_as_unknown():
    """`register(router)` for each function of a list: which router that is, is not followed,
    so its route's label says "…" where the prefix goes, never a bare `/logout/`; the router
    handed to `add_routes` called as `add_login_routes(router)` is, with all its prefixes."""
    result = run("handed_router")
    routes = {f.entry.name: f.entry.route for f in result.findings if f.code == "UJ001"}
    assert routes == {
        "add_routes.login": "POST /api/admin/login/",
        "add_logout.logout": "POST …/logout/",
    }


def test_routes_a_lifespan_adds_through_its_app_are_that_app_s():
    """`lifespan(starting_app)` → `self.configure(app)` (an abstract method the subclass
    implements) → `add_health_route(app)`: the routes are the app's, which so serves requests
    (its middleware is reported); methods given as a value unjam cannot read are "…", not
    GET."""
    result = run("lifespan_routes")
    routes = {f.entry.name: f.entry.route for f in result.findings if f.code == "UJ001"}
    assert routes == {
        "add_health_route.health_check": "GET /health",
        "add_job_routes.start_job": "… /jobs/async",
    }
    assert [f.location.path for f in result.findings if f.code == "UJ004"] == ["agents/worker.py"]
    apps = {route.label: route.app for route in linked_model("lifespan_routes").routes}
    assert apps == {
        "GET /health": "agents.worker.FrontEndBase.build_app:app",
        "… /jobs/async": "agents.worker.FrontEndBase.build_app:app",
    }


def linked_model(app: str):
    """The FastAPI model the linker builds for a corpus app (which app each route is on)."""
    root = CORPUS / app
    names = [str(path) for path in sorted(root.rglob("*.py"))]
    read = {path: summary for path, *_, summary in parse._read_many(names)}
    summaries = {path: from_plain(s) if isinstance(s, tuple) else s for path, s in read.items()}
    relative = {path: Path(path).relative_to(root).as_posix() for path in names}
    linker = Linker(root, names, relative, load_catalogue(), summaries)
    linker.analyse()
    return linker.model


def test_routers_handed_to_a_helper_get_the_prefix_each_call_gives():
    """`mount(app, billing.router, "/billing")` and `mount(app, notes.router, "/notes")`, the
    helper calling `target.include_router(router, prefix=prefix)`: one include per call."""
    result = run("plugin_routes")
    routes = {f.entry.name: f.entry.route for f in result.findings if f.code == "UJ001"}
    assert routes == {
        "render_invoice": "POST /billing/invoices/{number}/pdf",
        "read_note": "GET /notes/{name}",
    }


def test_relative_imports_in_a_namespace_package_resolve_from_the_package():
    """`bookings/main.py` (no `__init__.py` above it) writes `from .api.routers import
    booking`: run as `bookings.main`, so the include is the router's and its prefix known."""
    result = run("namespace_app")
    routes = {f.entry.name: f.entry.route for f in result.findings if f.code == "UJ001"}
    assert routes["get_booking"] == "GET /api/bookings/{booking_id}"


def test_a_script_imports_a_namespace_folder_beside_it():
    """`farm/main.py`, a script, writes `from apis import plots` with `apis/` (no
    `__init__.py`) beside it: the include is that module's router, its prefix known."""
    result = run("namespace_app")
    routes = {f.entry.name: f.entry.route for f in result.findings if f.code == "UJ001"}
    assert routes["read_plot"] == "GET /api/plots/{plot_id}"


def test_a_module_imported_through_the_namespace_folder_the_app_sits_in_is_followed():
    """`shop/app/main.py` writes `from app.api.routers import orders`, `app/` having no
    `__init__.py`: the name is the module itself, so the include's prefix is known — an
    f-string of an imported constant, `f"{API_PREFIX}/orders"`, read whole."""
    result = run("namespace_app")
    routes = {f.entry.name: f.entry.route for f in result.findings if f.code == "UJ001"}
    assert routes["read_order"] == "GET /api/orders/{order_id}"


def test_a_route_of_an_app_fastapi_versioning_wraps_has_an_unread_prefix():
    result = run("versioned_app")
    routes = {f.entry.name: f.entry.route for f in result.findings if f.code == "UJ001"}
    assert routes["items"] == "GET …/items"


def test_a_prefix_held_by_a_constant_is_read_and_an_unread_one_is_shown():
    """`APIRouter(prefix=STATUS_PREFIX)` reads the module constant; `include_router(prefix=
    settings.reports_prefix)` is known only when the app runs: "…" stands where it goes."""
    result = run("routing")
    routes = {f.entry.name: f.entry.route for f in result.findings if f.code == "UJ001"}
    assert routes["disk_status"] == "GET /status/disk"
    assert routes["daily_report"] == "GET …/daily"
    # included into an app unjam cannot name: its prefix applies, and that app's is unknown
    assert routes["export"] == "GET …/exports/{name}"
    assert routes["archived"] == "GET …/v2/archive/{name}"
    assert routes["usage_report"] == "GET …/usage"  # two unread prefixes in a row: one …
    assert routes["deep_health"] == "GET /health/deep"  # `def on_start(app: FastAPI)`
    # `include_router(get_uploads_router(), prefix=...)`: the router the factory returns
    assert routes["get_uploads_router.upload"] == "POST /api/uploads"
    assert "get_drafts_router.save_draft" not in routes  # its factory is never called
    # `routers.append((legacy.ledger_router, "/legacy", tags))`, then `for router, prefix,
    # tags in routers: app.include_router(router, prefix=prefix)`: an alias of `router`
    assert routes["ledger_entry"] == "GET …/ledger/{name}"
    # `for asset_router in ASSET_ROUTERS: app.include_router(asset_router, prefix=...)`
    assert routes["badge"] == "GET /assets/badges/{name}"
    assert routes["emoji_image"] == "GET /assets/emoji/{name}"
    # `thumbnails_api = create_thumbnails_api()`, mounted by a function given the app
    assert routes["create_thumbnails_api.drop_thumbnails"] == "DELETE /thumbnails/cache"


def test_a_route_path_from_a_constant_or_a_setting_is_served():
    """`@router.get(urls.EXPORTS_LIST)` reads the registry module's constant; a path from the
    environment is unknown, but the route is still served; the router reaches the app
    through `def attach(app, routers=ROUTERS): for router in routers: ...`."""
    result = run("routing")
    routes = {f.entry.name: f.entry.route for f in result.findings if f.code == "UJ001"}
    assert routes["list_registry_exports"] == "GET /v2/registry/exports"
    assert routes["registry_hook"] == "POST /v2/registry…"


def test_the_doctor_matches_a_label_with_an_unread_prefix_by_the_served_path():
    from unjam.doctor.static import align_routes, endpoint_for

    findings = [{"entry": {"route": "GET …/daily"}}, {"entry": {"route": "GET …"}}]
    align_routes(findings, ["GET /api/reports/daily", "GET /api/reports", "GET /health"])
    assert [f["entry"]["route"] for f in findings] == ["GET /api/reports/daily", "GET …"]
    locations = {"GET …/daily": {"line": 3}, "GET …": {"line": 9}}
    assert endpoint_for("GET /api/reports/daily", locations) == {"line": 3}
    assert endpoint_for("GET /health", locations) is None


def test_mounted_sub_application_routes_carry_the_mount_prefix():
    result = run("routing")
    found = [f for f in result.findings if f.entry.name == "legacy_ping"]
    assert [f.entry.route for f in found] == ["GET /legacy/ping"]


def test_an_app_mounted_at_several_prefixes_has_its_prefix_unread():
    """One factory builds both sub-apps, so unjam sees one object mounted at /search and at
    /export: the route added to the export app is not labelled with the search prefix."""
    result = run("routing")
    found = [f for f in result.findings if f.entry.name == "run_export"]
    assert [f.entry.route for f in found] == ["POST …/run/{name}"]
    # one router included twice under its own name is served at both: the first is shown
    found = [f for f in result.findings if f.entry.name == "clock"]
    assert [f.entry.route for f in found] == ["GET /v1/clock"]


def test_endpoint_that_always_raises_validates_nothing():
    """`Ticket(opened_by_id=...)` of a model without that attribute raises TypeError: the
    endpoint returns nothing, so its response model's validation is no trip."""
    result = run("misnamed_columns")
    [trips] = [f for f in result.findings if f.code == "UJ005" and f.location.line == 29]
    assert "makes 3 trips" in trips.message
    assert "response model" not in trips.message
