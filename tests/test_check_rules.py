"""Every rule code has a page in the agreed shape, and the registry agrees with it."""

from __future__ import annotations

import re
import shutil

import pytest

from unjam.analysis.output.report import chain_text
from unjam.analysis.rules import RULES, codes_matching, section

SECTIONS = ("What it does", "Why is this bad?", "Example", "Fix")


def test_the_agreed_codes_exist():
    assert list(RULES) == ["UJ001", "UJ002", "UJ003", "UJ004", "UJ005", "UJ006"]
    assert codes_matching("uj00") == list(RULES)
    assert codes_matching("ALL") == list(RULES)
    assert codes_matching("UJ1") == []


@pytest.mark.parametrize("code", list(RULES))
def test_page_shape(code):
    rule = RULES[code]
    page = rule.page
    assert page.splitlines()[0] == f"# {rule.name} ({code})"
    assert f"Severity: **{rule.severity}**" in page
    headings = re.findall(r"^## (.+)$", page, flags=re.MULTILINE)
    assert headings[: len(SECTIONS)] == list(SECTIONS)
    for title in SECTIONS:
        assert len(section(page, title)) > 80, title
    assert "```python" in section(page, "Example")  # a realistic example, not prose only
    assert rule.what_it_does and "\n" not in rule.what_it_does


# --- what the rules say, on the annotated corpus (tests/corpus) ----------------------------

from pathlib import Path  # noqa: E402

from unjam.analysis.engine import analyze  # noqa: E402

CORPUS = Path(__file__).parent / "corpus"


def _analyze(app: str):
    root = CORPUS / app
    return analyze(root, sorted(root.rglob("*.py")))


def test_uj005_claims_no_ceiling_and_notes_only_many_trips():
    result = _analyze("served_only")
    trips = [f for f in result.findings if f.code == "UJ005" and f.blocker == "thread-pool trips"]
    assert {f.entry.route for f in trips} == {
        "GET /accounts/",
        "GET /accounts/{account_id}/balance",
        "GET /accounts/{account_id}/limits",
        "GET /accounts/{account_id}/ledger",
        "GET /accounts/{account_id}/raw",
        "GET /accounts/{account_id}/export",
        "GET /accounts/{account_id}/feed",
        "GET /accounts/{account_id}/links",
    }  # GET /accounts/{account_id} has two sync pieces: how every sync route works
    for finding in trips:
        assert str(finding.severity) == "info"
        assert "one after another" in finding.message
        assert "no ceiling" in finding.message
        assert "tokens per request" not in finding.message and "at most" not in finding.message
        assert "await" not in finding.fix  # the endpoints are `def`
        assert finding.details["sync_pieces"][0] == "current_user"
    limits = next(f for f in trips if f.entry.route == "GET /accounts/{account_id}/limits")
    # each `Depends(Quota(...))` is its own callable: FastAPI runs both
    assert limits.details["sync_pieces"] == ["current_user", "Quota.__call__", "Quota.__call__"]
    listing = next(f for f in trips if f.entry.route == "GET /accounts/")
    assert listing.details["sync_pieces"] == [
        "current_user",
        "get_db",
        "page_size",
        "list_accounts",
    ]
    # page_size only calls min(): safe on the loop; get_db (a sync DB connection) is not offered
    assert listing.fix.startswith("make `page_size` `async def`")
    assert "get_db" not in listing.fix.split(";")[0]


def test_uj005_pool_network_says_it_does_not_block_the_loop():
    result = _analyze("shop")
    pool = [f for f in result.findings if f.code == "UJ005" and f.blocker != "thread-pool trips"]
    assert pool
    for finding in pool:
        assert str(finding.severity) == "warning"
        assert "does not block the loop" in finding.message
        assert "await" not in finding.fix


def test_a_fastapi_before_anyio_is_told_of_asyncio_s_executor_and_its_fix():
    """FastAPI 0.67 runs sync code with `loop.run_in_executor(None, …)`: `total_tokens`
    would change nothing there."""
    result = _analyze("old_fastapi")
    by_code = {f.code: f for f in result.findings}
    assert set(by_code) == {"UJ005", "UJ006"}
    for finding in by_code.values():
        assert "asyncio's default executor" in finding.message
        assert "requirements.txt: fastapi==0.67.0" in finding.message
        assert "anyio" not in finding.message and "40" not in finding.message
        assert "set_default_executor(ThreadPoolExecutor(" in finding.fix
        assert "total_tokens" not in finding.fix
    assert by_code["UJ006"].blocker == "asyncio default executor"
    # the same code on a current FastAPI (no pin) speaks of anyio's limiter
    shop = [f for f in _analyze("shop").findings if f.code == "UJ006"]
    assert shop and all("anyio's default limiter of 40 tokens" in f.message for f in shop)
    assert all("total_tokens = 100" in f.fix for f in shop)


def test_a_fastapi_before_0_82_counts_a_yield_dependency_s_exit_as_a_trip():
    """FastAPI 0.82 (fastapi#5122) gave the exit of a sync `yield` dependency a limiter of
    its own; a project pinned before it waits for a default token there too, after the
    response is sent (FastAPI before 0.106 runs the exit then)."""
    (trips,) = [
        f
        for f in _analyze("old_fastapi_exits").findings
        if f.blocker == "thread-pool trips" and f.entry.route == "GET /orders"
    ]
    assert "makes 4 trips" in trips.message, trips.message
    assert "`get_db`'s exit after `yield`, which FastAPI before 0.82" in trips.message
    assert "requirements.txt: fastapi==0.78.0" in trips.message
    assert "4 times (the last of them after its response is sent)" in trips.message


def test_a_fastapi_before_0_89_validates_no_response_the_return_annotation_names():
    """FastAPI 0.89 began reading a response model from an endpoint's return annotation: a
    project pinned before it validates nothing for `-> dict`, so no trip is counted there."""
    (trips,) = [
        f
        for f in _analyze("old_fastapi_exits").findings
        if f.blocker == "thread-pool trips" and f.entry.route == "GET /orders/count"
    ]
    assert "makes 4 trips" in trips.message, trips.message
    assert "validation" not in trips.message


def test_a_membership_test_of_a_parameter_is_decided_by_the_value_passed():
    """`if sns_arn not in (None, ""):` is false for the call that leaves `sns_arn` out, and
    `if fmt in ("csv", "html"):` for the one whose `fmt` keeps its default "query": only the
    routes passing a topic or "csv" reach the blocking calls."""
    found = {
        (f.code, f.location.line): f
        for f in _analyze("membership_tests").findings
        if f.location.path == "notify.py"
    }
    publish, read_sql = found[("UJ001", 13)], found[("UJ005", 19)]
    assert publish.entry.route == "POST /scans/{scan_id}/notify", publish.message
    assert "other entry point" not in publish.message
    assert read_sql.entry.route == "GET /reports.csv", read_sql.message


def test_an_aiohttp_session_is_made_in_lifespan_not_at_module_level():
    """aiohttp wants its ClientSession made inside the running loop (one holding a user's
    login stays per request, sharing a connector made at start-up)."""
    found = [
        f
        for f in _analyze("client_paths").findings
        if f.code == "UJ003" and f.blocker.startswith("aiohttp.")
    ]
    assert found
    for finding in found:
        assert "module level" not in finding.fix, finding.fix
        if "keeps one user's cookies" in finding.fix:
            assert "TCPConnector` made at start-up" in finding.fix, finding.fix
        else:
            assert "in lifespan" in finding.fix, finding.fix


def test_unreached_coroutines_are_silent_when_the_project_serves_an_app():
    result = _analyze("served_only")
    paths = {f.location.path for f in result.findings}
    assert "scripts/backfill.py" not in paths and "tests/accounts_roundtrip.py" not in paths
    assert not any(f.entry.name == "LedgerExporter.archive_all" for f in result.findings)
    assert all(
        f.entry.context != "event-loop" or f.entry.route
        for f in result.findings
        if f.code == "UJ001"
    )


def test_without_an_app_every_coroutine_is_still_checked():
    result = _analyze("plain_asyncio")
    assert any(f.code == "UJ001" and f.entry.route is None for f in result.findings)


def test_one_group_per_root_cause():
    result = _analyze("served_only")
    groups: dict[str, list] = {}
    for finding in result.findings:
        assert finding.group is not None
        groups.setdefault(finding.group.id, []).append(finding)
    by_code = {}
    for members in groups.values():
        by_code.setdefault(members[0].code, []).append(members)
    # the lifespan call: three blocking calls, one group
    (startup,) = by_code["UJ002"]
    assert len(startup) == 3
    assert "`warm_caches`" in startup[0].group.title and "`lifespan`" in startup[0].group.title
    assert "asyncio.to_thread(warm_caches" in startup[0].group.fix
    # the async facade over a sync renderer: one group, reached by two routes
    (facade,) = by_code["UJ001"]
    assert len(facade) == 2 and facade[0].group.affects == 2
    assert "self._render" in facade[0].group.fix
    # the sync auth dependency on every route: one group however many routes
    (trips,) = [m for m in by_code["UJ005"] if m[0].blocker == "thread-pool trips"]
    assert len(trips) == 8 and "`current_user`" in trips[0].group.title
    (app,) = by_code["UJ006"]
    assert len(app) == 1


def test_a_group_counts_two_routes_that_read_alike_as_two(tmp_path):
    """The user's and the admin's router, both with a prefix unjam cannot know, each have a
    `POST …/plans/switch` reaching the same blocking call: two entry points, as the
    finding's "also reached from 1 other entry point" says, not one."""
    (tmp_path / "app.py").write_text(
        "import os\nimport time\n\nfrom fastapi import APIRouter, FastAPI\n\n"
        "app = FastAPI()\nusers = APIRouter()\nadmins = APIRouter()\n\n\n"
        "async def switch_plans():\n    time.sleep(1)\n\n\n"
        "@users.post('/plans/switch')\nasync def switch_own():\n    await switch_plans()\n\n\n"
        "@admins.post('/plans/switch')\nasync def switch_any():\n    await switch_plans()\n\n\n"
        "app.include_router(users, prefix=os.environ['USERS'])\n"
        "app.include_router(admins, prefix=os.environ['ADMINS'])\n"
    )
    (finding,) = analyze(tmp_path, [tmp_path / "app.py"]).findings
    assert finding.entry.route == "POST …/plans/switch", finding.entry
    assert "also reached from 1 other entry point" in finding.message, finding.message
    assert finding.group.affects == 2, finding.group


def test_a_client_two_routes_build_is_one_finding_whose_group_counts_both(tmp_path):
    """Each endpoint's walk finds the helper's `AsyncOpenAI(...)`: printed once, with the
    first route, and its group says both routes build it."""
    (tmp_path / "app.py").write_text(
        "import openai\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        "def client_for(model: str):\n    return openai.AsyncOpenAI(base_url=model)\n\n\n"
        "@app.post('/chat')\nasync def chat(model: str):\n"
        "    return await client_for(model).models.list()\n\n\n"
        "@app.post('/embeddings')\nasync def embeddings(model: str):\n"
        "    return await client_for(model).models.list()\n"
    )
    (finding,) = [f for f in analyze(tmp_path, [tmp_path / "app.py"]).findings if f.code == "UJ003"]
    assert finding.entry.route == "POST /chat", finding.entry
    assert finding.group.affects == 2, finding.group


def test_group_ids_are_stable_across_runs():
    first = [(f.location, f.group) for f in _analyze("served_only").findings]
    second = [(f.location, f.group) for f in _analyze("served_only").findings]
    assert first == second
    assert all(g.id.startswith("UJ00") for _, g in first)


def test_uj003_fix_fits_what_the_dependency_does():
    result = _analyze("seed000_webhook")
    uj003 = [f for f in result.findings if f.code == "UJ003"]
    network = [f for f in uj003 if "makes a network call" in f.message]
    built = [f for f in uj003 if "constructs" in f.message]
    assert network and built
    assert all("create the client once" not in f.fix for f in network)
    assert all(f.fix.startswith("if the answer is the same on every request") for f in network)
    assert all(f.fix.startswith("create the client once") for f in built)


def test_a_sync_client_whose_calls_block_the_loop_is_not_told_to_be_shared_as_it_is():
    """One shared `httpx.Client` would still block the loop on each `post`: the fix names
    the async client; where the calls go to a thread, sharing the sync client is the fix."""
    result = _analyze("client_paths")
    built = {
        f.location.line: f.fix
        for f in result.findings
        if f.code == "UJ003" and f.location.path == "relay/billing.py"
    }
    assert built[14].startswith("sharing this client is not enough: `httpx.Client` is sync"), built
    assert "(`httpx.Client.post`, line 15) — use one shared httpx.AsyncClient" in built[14]
    assert built[26].startswith("create the client once"), built


def test_a_function_that_needs_the_running_loop_is_not_told_to_go_to_a_thread():
    result = _analyze("lifecycle")
    build = next(f for f in result.findings if f.blocker == "subprocess.run")
    assert "to_thread(start_native_server" not in build.fix, build.fix
    assert build.fix.startswith(
        "`start_native_server` needs the running event loop (`asyncio.get_running_loop` via "
        "`Dispatcher.bind`), so a thread cannot run it: move its blocking step to one — "
        "`await asyncio.to_thread(build_extension, ...)` in `lifespan`"
    ), build.fix


def test_the_step_moved_to_a_thread_is_the_class_whose_constructor_blocks():
    """`start_toolchain` must stay on the loop; its blocking step is `Toolchain()`, which a
    thread runs as `to_thread(Toolchain, ...)` — `to_thread(Toolchain.__init__, ...)` would
    call `__init__` with no instance."""
    result = _analyze("lifecycle")
    install = next(
        f for f in result.findings if f.location.path == "svc/native.py" and f.location.line == 79
    )
    assert "`await asyncio.to_thread(Toolchain, ...)` in `lifespan`" in install.fix, install.fix


def test_a_function_that_makes_a_loop_when_none_runs_needs_the_running_one():
    """`running_or_new_loop()` copes without a running loop by making one: in a thread, a
    new loop that never runs, so `start_bridge` must stay on the loop."""
    result = _analyze("lifecycle")
    schema = next(
        f for f in result.findings if f.location.path == "svc/native.py" and f.location.line == 44
    )
    assert "to_thread(start_bridge" not in schema.fix, schema.fix
    assert schema.fix.startswith("`start_bridge` needs the running event loop"), schema.fix


def test_a_loop_made_only_to_run_work_to_completion_leaves_the_function_free_to_move():
    """`Catalog.__init__` gets its loop from the same helper but schedules nothing on it and
    keeps it nowhere: in a worker thread it runs on that thread's own loop."""
    result = _analyze("lifecycle")
    index = next(
        f for f in result.findings if f.blocker == "subprocess.run" and f.location.line == 66
    )
    assert "await asyncio.to_thread(start_catalog, ...)" in index.fix, index.fix


def test_a_function_that_schedules_on_tornados_loop_stays_on_it():
    """`start_report` polls through `IOLoop.current().call_later`: in a worker thread that is
    not the serving loop, so the fix keeps it there — even though `poll` has an `except`."""
    result = _analyze("tornado_dash")
    remove = next(f for f in result.findings if f.blocker == "os.remove")
    assert "to_thread(start_report" not in remove.fix, remove.fix
    assert remove.fix.startswith("`start_report` needs the running event loop"), remove.fix
    # (its blocking call is its own: made by the caller, or the function made async)
    assert (
        "make its blocking calls in `ReportHandler.post` before calling it — `await "
        "asyncio.to_thread(...)`, the results passed in — or make it `async def`"
    ) in remove.fix, remove.fix


def test_uj002_says_shutdown_for_what_follows_the_lifespan_yield():
    result = _analyze("lifecycle")
    uj002 = {f.blocker: f for f in result.findings if f.code == "UJ002"}
    assert "at shutdown" in uj002["shutil.rmtree"].message
    assert "at start-up" not in uj002["shutil.rmtree"].message
    assert uj002["shutil.rmtree"].details == {"phase": "shutdown"}
    assert chain_text(uj002["shutil.rmtree"]).startswith("[shutdown] → ")
    assert chain_text(uj002["builtins.open"]).startswith("[startup] → ")
    assert "at start-up" in uj002["builtins.open"].message
    assert "at start-up" in uj002["sqlite3.connect"].message
    # reached before the `yield` and, in fewer calls, after it: the path shown is start-up's
    assert "at start-up" in uj002["os.listdir"].message, uj002["os.listdir"].message
    assert "via prepare_scratch → prune_scratch" in uj002["os.listdir"].message
    # an `on_event("shutdown")` handler runs when the app stops, not when it starts
    assert "blocks the event loop at shutdown: reached from sync shutdown handler `flush`" in (
        uj002["time.sleep"].message
    ), uj002["time.sleep"].message


def test_uj002_shutdown_is_what_follows_a_yield_on_its_path():
    """A lifespan that branches: the other branch's code before its own `yield`, and what
    follows an `if` whose branch yields and returns, are start-up (svc/workers.py)."""
    result = _analyze("lifecycle")
    source = (CORPUS / "lifecycle" / "svc" / "workers.py").read_text().splitlines()

    def line(snippet: str) -> int:
        return next(n for n, text in enumerate(source, 1) if snippet in text)

    phase = {
        f.location.line: "shutdown" if "at shutdown" in f.message else "start-up"
        for f in result.findings
        if f.code == "UJ002" and f.location.path == "svc/workers.py"
    }
    assert phase == {
        line("sqlite3.connect("): "start-up",  # the `else` branch, before its `yield`
        line("shutil.copyfile("): "shutdown",
        line("/register"): "start-up",  # after `if not METRICS_URL: yield; return`
        line("/deregister"): "shutdown",
    }, phase
    # one lifespan's start-up and shutdown blocks are two groups, each titled by its phase
    group = {
        f.location.line: f.group
        for f in result.findings
        if f.code == "UJ002" and f.location.path == "svc/workers.py"
    }
    start, stop = group[line("sqlite3.connect(")], group[line("shutil.copyfile(")]
    assert start.id != stop.id
    assert start.title.endswith("at start-up"), start.title
    assert stop.title.endswith("at shutdown"), stop.title


_SQLITE_APP = """\
import os

from fastapi import Depends, FastAPI
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

engine = create_engine("sqlite:///./shop.db")
{other}
SessionLocal = sessionmaker(bind=engine)
app = FastAPI()


def get_db():
    with SessionLocal() as db:
        yield db


@app.get("/orders")
def orders(db: Session = Depends(get_db)):
    return db.execute(text("select id from orders")).all()
"""


@pytest.mark.parametrize(
    ("other", "network"),
    [("", False), ('reports = create_engine(os.environ["REPORTS_URL"])', True)],
)
def test_uj005_speaks_of_network_only_when_an_engine_may_not_be_sqlite(tmp_path, other, network):
    """An app whose engines are all SQLite's (a `sqlite:` URL, or `check_same_thread`: see
    tests/corpus/sqlite_notes) reads a local file; one more engine whose URL unjam cannot
    read may be PostgreSQL's, and its sessions' calls stay network round trips."""
    (tmp_path / "main.py").write_text(_SQLITE_APP.format(other=other))
    result = analyze(tmp_path, [tmp_path / "main.py"])
    held = [f for f in result.findings if f.code == "UJ005" and "network" in f.message]
    assert bool(held) == network, [f.message for f in result.findings]


_METHOD_DEPENDENCY_APP = """\
from fastapi import Depends, FastAPI, Header

app = FastAPI()


class Guard:
    def check(self, token: str = Header("")) -> str:
        return token.strip()

    def verify(self, token: str) -> bool:
        return bool(self.check(token))


guard = Guard()


def get_settings() -> dict:
    return {"page": 20}


@app.get("/items")
def items(token: str = Depends(guard.check), settings: dict = Depends(get_settings)):
    return {"token": token, "settings": settings}
"""


def test_a_method_dependency_called_directly_is_not_offered_to_go_async(tmp_path):
    """`Depends(guard.check)`, a light method that `Guard.verify` also calls as
    `self.check(token)`: made `async def`, that call would get a coroutine, so the trips'
    fix offers only `get_settings` and the endpoint, which returns what it was given."""
    (tmp_path / "main.py").write_text(_METHOD_DEPENDENCY_APP)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    (trips,) = [f for f in result.findings if f.code == "UJ005"]
    assert trips.fix.startswith("make `get_settings`, `items` `async def`"), trips.fix


def test_a_route_returning_a_file_response_counts_its_trips_as_a_floor():
    """Starlette sends a FileResponse through the thread pool (a read per 64 KiB chunk): the
    trips FastAPI makes are at least what the route takes, and the message says why."""
    trips = {
        f.entry.route: f.message for f in _analyze("file_downloads").findings if f.code == "UJ005"
    }
    assert "makes at least 4 trips" in trips["GET /files/{name}"], trips
    assert "FileResponse it returns" in trips["GET /files/{name}"]


def test_a_route_streaming_a_sync_iterable_counts_its_trips_as_a_floor():
    """`StreamingResponse(iter([...]))`, one over a `BytesIO` local (or one a helper of the
    project builds and returns) and one over an outside object's `iter_chunks()` (botocore's
    body): Starlette iterates them in the thread pool, a trip per chunk."""
    trips = {
        f.entry.route: f.message for f in _analyze("file_downloads").findings if f.code == "UJ005"
    }
    routes = ("GET /report.csv", "GET /archive.zip", "GET /objects/{key}")
    for route in (*routes, "GET /receipts/{order_id}.pdf"):
        assert "makes at least 4 trips" in trips[route], trips
        assert "StreamingResponse it returns" in trips[route]


def test_a_route_taking_an_uploaded_file_counts_its_trips_as_a_floor():
    """Starlette spools an uploaded file past 1 MiB to disk through the thread pool, a trip
    per chunk: a route taking one (`UploadFile`, or `File()`) makes at least what it takes;
    a form without files adds nothing."""
    trips = {
        f.entry.route: f.message for f in _analyze("file_downloads").findings if f.code == "UJ005"
    }
    for route in ("POST /files", "POST /scans"):
        assert "makes at least 4 trips" in trips[route], trips
        assert "an uploaded file past 1 MiB" in trips[route]
    assert "makes 4 trips" in trips["POST /notes"]
    assert "uploaded" not in trips["POST /notes"]


def test_a_route_streaming_a_sync_generator_counts_its_trips_as_a_floor():
    """Starlette iterates a StreamingResponse's sync generator in the thread pool, a trip per
    chunk (the module's own generator function or one the endpoint defines); an async
    generator streams on the loop, and the count stays exact."""
    trips = {
        f.entry.route: f.message for f in _analyze("file_downloads").findings if f.code == "UJ005"
    }
    for route in ("GET /export", "GET /events"):
        assert "makes at least 4 trips" in trips[route], trips[route]
        assert "sync iterable Starlette iterates through the pool" in trips[route]
    assert "makes 4 trips" in trips["GET /pages"], trips["GET /pages"]


_FACTORY_GUARDS_APP = """\
from typing import Annotated

from fastapi import Depends, FastAPI

app = FastAPI()


def current_user() -> str:
    return "ada"


def needs(*roles: str):
    def guard(user: Annotated[str, Depends(current_user)]) -> str:
        return user

    return guard


@app.post("/reports", dependencies=[Depends(needs("admin"))])
def reports(user: Annotated[str, Depends(needs("admin"))] = None) -> dict:
    return {"user": user}
"""


def test_a_factory_dependency_written_twice_runs_twice(tmp_path):
    """`needs("admin")` in `dependencies=[...]` and again in an `Annotated` parameter with
    a `None` default builds two guards, which FastAPI runs one after the other (its cache is
    keyed by the callable); `current_user`, one function, runs once."""
    (tmp_path / "main.py").write_text(_FACTORY_GUARDS_APP)
    trips = [f.message for f in analyze(tmp_path, [tmp_path / "main.py"]).findings]
    assert len(trips) == 1 and "makes 5 trips" in trips[0], trips
    assert "`current_user`, `needs.guard`, `needs.guard`, `reports`" in trips[0], trips


_HANDLED_ROLLBACK_APP = """\
from fastapi import Depends, FastAPI, HTTPException
from sqlalchemy import create_engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

SessionLocal = sessionmaker(bind=create_engine("postgresql://garage@db/garage"))
app = FastAPI()


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


def create_car(db: Session, plate: str):
    try:
        db.add({"plate": plate})
        db.commit()
    except IntegrityError:
        db.rollback()
        raise HTTPException(409)


@app.post("/cars")
def cars(plate: str, db: Session = Depends(get_db)):
    try:
        return create_car(db, plate)
    except IntegrityError:
        db.rollback()
        raise HTTPException(409)
"""


def test_uj005_stands_at_a_call_of_the_normal_path_not_an_except_handler(tmp_path):
    """The endpoint's own `except IntegrityError: db.rollback()` is its nearest blocking
    call, but it runs only for an error `create_car` may never let through: the finding
    stands at the commit the request always makes."""
    (tmp_path / "main.py").write_text(_HANDLED_ROLLBACK_APP)
    found = analyze(tmp_path, [tmp_path / "main.py"]).findings
    held = [f for f in found if f.code == "UJ005"]
    assert [(f.location.line, f.blocker) for f in held] == [
        (21, "sqlalchemy.orm.Session.commit")
    ], held


def test_a_sync_background_task_is_one_more_trip_after_the_response():
    """Starlette runs a sync background task in the thread pool, under the default limiter,
    once the response is sent: one more trip the client does not wait for. Found through
    a helper the endpoint calls (`log(tasks, …)`); an `async def` task runs on the loop."""
    trips = {
        f.entry.route: f.message
        for f in _analyze("background_trips").findings
        if f.blocker == "thread-pool trips"
    }
    assert "makes 4 trips" in trips["POST /grades"]
    assert (
        "the sync background task `write_entry` it may add makes one more trip after its "
        "response is sent, which the client does not wait for" in trips["POST /grades"]
    )
    assert "makes 4 trips" in trips["POST /subjects"]
    assert "background" not in trips["POST /subjects"]


def test_a_dict_slot_flag_a_caller_sets_back_is_no_once_only_memo():
    """`STATE["ready"] = False` then `load_if_needed()`: the upload reloads on every call, so
    the loader's file read blocks each time, not "on the first call only"; a flag in a dict
    no caller sets back stays a memo (another slot set by a caller changes nothing)."""
    by_line = {
        f.location.line: f.message
        for f in _analyze("slot_flags").findings
        if f.location.path == "gtfs.py"
    }
    assert "first call only" not in by_line[12]
    assert "POST /gtfs/upload" in by_line[12]
    assert "blocks the event loop on the first call only" in by_line[24]


def test_a_library_s_base_http_middleware_is_told_its_pure_asgi_twin():
    """`add_middleware(SlowAPIMiddleware)` and `Middleware(ContextMiddleware)` are reported
    where they are registered, each with its library's pure ASGI class as the fix."""
    by_line = {
        f.location.line: f for f in _analyze("library_middleware").findings if f.code == "UJ004"
    }
    assert sorted(by_line) == [16, 20]
    assert "`RawContextMiddleware`" in by_line[16].fix
    assert "`SlowAPIASGIMiddleware`" in by_line[20].fix
    assert by_line[20].message.startswith("slowapi's BaseHTTPMiddleware `SlowAPIMiddleware`")


def test_a_middleware_registered_under_a_test_says_so():
    """`if settings.csrf_enabled: app.add_middleware(CSRFMiddleware)`: it runs on every
    request only once that setting registers it, which UJ004 says, as for a helper that only
    such a test calls (also one that defines an `@app.middleware("http")` function); one
    registered outright is told nothing more. A helper nothing calls (legacy.py's
    `setup_middleware`) registers nothing: its line is never the one named."""
    by_name = {
        f.entry.name: f.message
        for f in _analyze("conditional_middleware").findings
        if f.code == "UJ004"
    }
    assert by_name["CSRFMiddleware"].endswith(
        "; main.py:53 registers it only when `settings.csrf_enabled` is true"
    )
    # registered by its module's name
    assert by_name["OriginCheckMiddleware"].endswith(
        "; main.py:55 registers it only when `settings.origin_check` is true"
    ), by_name["OriginCheckMiddleware"]
    assert "registers it only when" not in by_name["TimingMiddleware"]
    # registered by a helper whose only call sits under `if settings.demo_mode:`
    assert by_name["DemoModeMiddleware"].endswith(
        "; main.py:44 registers it (through `add_demo_mode_middleware()`) only when "
        "`settings.demo_mode` is true"
    ), by_name["DemoModeMiddleware"]
    # an `@app.middleware("http")` function defined in such a helper
    assert by_name["profile"].endswith(
        "; main.py:46 registers it (through `add_profiler_middleware()`) only when "
        "`settings.profiler` is true"
    ), by_name["profile"]


@pytest.mark.parametrize(("pin", "served"), [("fastapi==0.115.6", False), ("fastapi>=0.124", True)])
def test_an_async_endpoint_under_a_def_wrapper_runs_only_where_fastapi_looks_through_it(
    tmp_path, pin, served
):
    """FastAPI before 0.123.5 runs a `def` wrapper of an `async def` endpoint in the thread
    pool and gets its coroutine back, unawaited: the body never runs. Later versions look
    through `functools.wraps` and await it on the loop."""
    source = CORPUS / "sync_wrapped_old"
    shutil.copytree(source / "shop", tmp_path / "shop")
    (tmp_path / "requirements.txt").write_text(pin + "\n")
    files = sorted(tmp_path.rglob("*.py"))
    lines = {f.location.line for f in analyze(tmp_path, files).findings if f.code == "UJ001"}
    assert (27 in lines) is served, lines
    assert {33, 38} <= lines, lines


_SWALLOWED_TASK_APP = """
import asyncio
import logging

from fastapi import Depends, FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session

app = FastAPI()
log = logging.getLogger(__name__)


async def notify(rows):
    return rows


def get_db():
    yield Session()


def update_statuses(db: Session):
    rows = db.execute(text("SELECT 1")).fetchall()
    try:
        asyncio.create_task(notify(rows))
    except Exception as exc:
        log.error("push failed: %s", exc)
    return rows


@app.post("/statuses")
async def statuses(db: Session = Depends(get_db)):
    return len(update_statuses(db))
"""


def test_a_task_started_in_a_try_that_only_logs_still_needs_the_loop(tmp_path):
    """`try: asyncio.create_task(...) except Exception: log.error(...)`: in a worker thread
    the task is never started and the handler only logs it, so the function stays on the
    loop; a handler that runs the work another way (`asyncio.run`) copes without one."""
    main = tmp_path / "main.py"
    main.write_text(_SWALLOWED_TASK_APP)
    (found,) = [f for f in analyze(tmp_path, [main]).findings if f.code == "UJ001"]
    assert found.fix.startswith("`update_statuses` needs the running event loop"), found.fix
    main.write_text(_SWALLOWED_TASK_APP.replace("log.error(", "asyncio.run(notify(rows)) or ("))
    (found,) = [f for f in analyze(tmp_path, [main]).findings if f.code == "UJ001"]
    assert "asyncio.to_thread(update_statuses" in found.fix, found.fix


def test_middleware_of_a_mounted_app_runs_under_its_mount_path():
    """`admin`'s routes are labelled with the gateway's (`GET /admin/users`), so `admin`
    alone serves no route: its `@admin.middleware("http")` still runs, for `/admin` only."""
    result = _analyze("mounted_middleware")
    messages = {f.location.path: f.message for f in result.findings if f.code == "UJ004"}
    assert "runs on every request under `/admin` through" in messages["gateway/admin.py"]
    assert "runs on every request through" in messages["gateway/main.py"]
    # `site`, mounted at the root after `/admin`, never sees what `/admin` takes first
    assert (
        "runs on every request that reaches `site` (mounted at `/` after `/admin`) through"
    ) in messages["gateway/site.py"], messages["gateway/site.py"]
