"""What the rules say about memo guards, handed-off work, per-request clients and app factories,
on the corpus apps written for them (tests/corpus/{memo_guards,client_paths,pure_calls,
connection_tests,app_factory,passed_through,app_on_self,call_following,arg_defaults,async_wrapped,
tornado_dash,unstartable,missing_imports,double_include}); the corpus markers check the codes, these check the
words and the facts."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from unjam.analysis.engine import analyze
from unjam.analysis.rules_engine import shown
from unjam.model import Severity

CORPUS = Path(__file__).parent / "corpus"


def one_file_findings(tmp_path, source: str, code: str) -> list:
    """The `code` findings of a one-module app, main.py holding `source`."""
    (tmp_path / "main.py").write_text(source)
    return [f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings if f.code == code]


def findings(app: str, code: str, path: str) -> dict:
    root = CORPUS / app
    result = analyze(root, sorted(root.rglob("*.py")))
    return {
        f.location.line: f for f in result.findings if f.code == code and f.location.path == path
    }


def test_a_memoised_blocking_call_is_a_first_call_stall_not_per_request_work():
    found = findings("memo_guards", "UJ001", "catalog/keys.py")
    # under `if _jwks is None:` / `if "loaded" not in …` / `if not os.path.exists(SETTINGS_FILE):`
    memoised = [found[17], found[23], found[42]]
    for finding in memoised:
        assert "on the first call only" in finding.message
        assert finding.severity == Severity.WARNING
        assert "lifespan" in finding.fix
    # no guard; `if not os.path.exists(<path the request names>):`; a setting from the
    # environment (`if from_env is not None: return from_env`) that nothing fills
    for line in (30, 36, 51):
        every_request = found[line]
        assert "first call" not in every_request.message
        assert every_request.severity == Severity.ERROR


def test_the_else_of_a_file_test_that_makes_the_file_is_a_memo():
    """`if os.path.exists(f): read … else: make f`: the `else` runs while the file is
    missing, as the body of `if not os.path.exists(f):` does — once; an early return when
    the caller's own folder is there asks about this call, not a memo."""
    found = findings("memo_guards", "UJ001", "catalog/keys.py")
    for line in (224, 225):
        assert "on the first call only" in found[line].message, found[line].message
    assert "first call" not in found[221].message, found[221].message
    assert "first call" not in found[235].message, found[235].message
    assert found[235].severity == Severity.ERROR


def test_a_test_against_the_key_a_global_holds_is_a_one_entry_cache():
    """`if _token_pid != pid:` whose body sets `_token_pid`: read once per process (the pid
    is no argument); `if _loaded_path != path:` keyed by the caller's path: once per new
    path; `if MODE != "fast":`, which nothing sets, is a switch: every call."""
    found = findings("memo_guards", "UJ001", "catalog/keys.py")
    assert "on the first call only" in found[125].message, found[125].message
    assert "on a cache miss only" in found[135].message, found[135].message
    assert "first call" not in found[143].message and "cache miss" not in found[143].message
    assert found[143].severity == Severity.ERROR


def test_functools_caches_on_a_coroutine_function_memoise_nothing():
    """`@lru_cache` on an `async def` keeps the coroutine, which can be awaited once: each new
    argument runs the body, a repeated one raises: no "cache miss only", no warming fix."""
    found = findings("cached_entry", "UJ001", "billing/main.py")
    assert "cache miss" not in found[44].message, found[44].message
    assert found[44].severity == Severity.ERROR


def test_a_loader_memoised_once_under_a_per_key_cache_runs_once_not_per_key():
    """`region(name)` caches per name, but the loader it calls on a miss holds one value
    (`if _directory is None:`): the file is read on the first call only. `state_table`'s
    set marks the states loaded while a dict keeps them: once per new state."""
    found = findings("memo_guards", "UJ001", "catalog/providers.py")
    assert "on the first call only" in found[23].message, found[23].message
    assert "on a cache miss only" in found[39].message, found[39].message
    assert found[39].severity == Severity.WARNING


def test_a_memo_under_tests_of_a_parameter_is_kept_by_the_memo_not_the_parameter():
    """`if not cls._registry:` in the `else` of `if name.startswith("https://")`, where the
    other branch rebinds `name` from a table: the registry is one value per process, so the
    download runs on the first call only, not once per name."""
    download = findings("memo_guards", "UJ001", "catalog/gateways.py")[24]
    assert "on the first call only" in download.message, download.message


def test_a_get_or_create_pays_once_per_new_key():
    """`found = db.query(Actor)….first()` then `if found is None:` … `db.add(found)`: the
    database keeps the row the miss made, so the remote call and the commit under the test
    run once per new name; the query itself runs on every request."""
    found = findings("memo_guards", "UJ001", "catalog/providers.py")
    for line in (81, 84):
        assert "only while what it makes is not stored yet" in found[line].message
        assert "warm" not in found[line].fix
    assert "cache miss" not in found[79].message and "first call" not in found[79].message
    # a row of another model (an audit of the failed sign-in): no get-or-create
    for line in (99, 110):  # (110: the audit's local is rebound later with the actor's id)
        failed = found[line].message
        assert "only while" not in failed and "cache miss" not in failed, failed


def test_a_required_path_parameter_is_never_none():
    """`run_id: int` (or `Annotated[int, Path()]`) of a route is never None: FastAPI answers
    422 first, so the helper's `if run_id is None:` branch never runs for those routes."""
    found = findings("required_params", "UJ005", "tiles/runs.py")
    for line in (12, 19):
        assert "through at least one network round trip" in found[line].message, found[line].message
    assert "latest_legend" in found[18].message


def test_the_pool_fix_names_an_engine_only_where_the_app_builds_one():
    """The relay's sync routes wait on HTTP only: its fix sizes no SQLAlchemy pool."""
    relay = findings("http_pool", "UJ006", "relay/main.py")[6]
    assert "SQLAlchemy" not in relay.fix and "total_tokens = 100" in relay.fix, relay.fix
    assert (
        "SQLAlchemy engine's pool_size"
        in findings("required_params", "UJ006", "tiles/main.py")[14].fix
    )
    # (routes an outside runner serves: no app of the project's, and no engine anywhere)
    outside = findings("outside_runner", "UJ005", "app/routes.py")[14]
    assert "SQLAlchemy" not in outside.fix and "total_tokens = 100" in outside.fix, outside.fix


def test_an_import_s_fallback_names_the_project_s_module():
    """`try: from db import db_conn` / `except ImportError: from ..db import db_conn`: the
    handler's import is the one naming the project's module, and both routes reach it."""
    connect = findings("fallback_imports", "UJ003", "api/db.py")[10]
    assert "GET /families/{family_id}" in connect.message, connect.message
    app = findings("fallback_imports", "UJ006", "api/main.py")[10]
    assert "at least 2 routes" in app.message, app.message


def test_pandas_sql_on_a_sqlite3_connection_is_file_io():
    """`pd.read_sql(q, sqlite3.connect("sales.db"))` reads a local file; on an engine, the
    network."""
    found = findings("catalogue_tour", "UJ001", "tour/data.py")
    for line in (91, 92):
        assert found[line].kind == "file" and "file I/O" in found[line].message, found[line]
    assert found[93].kind == "network", found[93]


def test_connection_options_are_no_round_trip_the_connect_before_them_is():
    """`engine.connect().execution_options(...)`: the finding names `Engine.connect`, which
    checks a connection out of the pool; the options only apply to later statements, and
    the connection they return still runs its queries."""
    found = findings("catalogue_tour", "UJ001", "tour/data.py")
    assert "`sqlalchemy.Engine.connect`" in found[161].message, found[161].message
    assert "sqlalchemy.Connection.execute" in found[162].message, found[162].message


def test_a_field_init_keeps_from_its_argument_decides_the_methods_it_calls():
    """`Job(func, lock=lock)` keeps `lock` in `self.lock` and calls `self._claim()`, which
    writes only `if self.lock:`: a job started without a lock (the refresh route, through
    `Tracker.start`) never writes it; only the export route, which passes one, does."""
    claim = findings("repeated_jobs", "UJ001", "registry/jobs.py")[19]
    assert "`export_report`" in claim.message, claim.message
    assert "also reached" not in claim.message, claim.message


def test_a_decorator_that_starts_the_function_in_a_task_makes_it_a_background_task():
    """A lifespan awaiting a function the project's `@every(seconds=...)` wraps only starts
    its loop: the body blocks the loop while the app serves (UJ001, as a background task),
    not during start-up; a wrapper that runs it in place leaves it to the lifespan."""
    (task,) = findings("repeated_jobs", "UJ001", "registry/main.py").values()
    assert "async background task `refresh_names`" in task.message, task.message
    (start_up,) = findings("repeated_jobs", "UJ002", "registry/main.py").values()
    assert "`lifespan`" in start_up.message and "warm_names" in start_up.message


def test_a_route_whose_depends_is_given_an_annotated_alias_is_left_out_with_a_note():
    """`Depends(BasketDep)` with `BasketDep = Annotated[dict, Depends(get_basket)]`: FastAPI
    asks for `args` and `kwargs` in the query and answers 422, so the route is not checked,
    and the check says where the `Depends` is written (an endpoint's, or a dependency's)."""
    root = CORPUS / "aliased_depends"
    notes = analyze(root, sorted(root.rglob("*.py"))).notes
    by_place = {(path, line): text for path, line, text in notes}
    endpoint = by_place[("shop/main.py", 15)]
    assert "`Depends(BasketDep)`" in endpoint and "POST /baskets/{basket_id}/lines 422" in endpoint
    dependency = by_place[("shop/deps.py", 25)]
    assert "`Depends(DbDep)`" in dependency and "GET /owner 422" in dependency


def test_an_app_whose_every_route_is_refused_is_not_said_to_have_none(tmp_path):
    """One dependency handed the alias, needed by four routes: one note names it and counts
    them, and the app is not told to have no route unjam sees."""
    (tmp_path / "main.py").write_text(
        "from typing import Annotated\n"
        "from fastapi import Depends, FastAPI\n"
        "def token() -> str:\n    return 't'\n"
        "TokenDep = Annotated[str, Depends(token)]\n"
        "def owner(t=Depends(TokenDep)):\n    return t\n"
        "app = FastAPI()\n"
        + "".join(
            f"@app.get('/{name}')\nasync def {name}(o=Depends(owner)):\n    return o\n"
            for name in ("a", "b", "c", "d")
        )
    )
    notes = analyze(tmp_path, [tmp_path / "main.py"]).notes
    assert [(path, line) for path, line, _ in notes] == [("main.py", 6)], notes
    assert "the 4 routes that need it (GET /a, GET /b, GET /c and 1 more)" in notes[0][2]


def test_a_dependency_that_only_decodes_a_jwt_is_offered_async_def():
    """`jwt.decode` with a shared secret, the clock and a log line are light work: the sync
    dependency can become `async def` and save its trip."""
    trips = findings("jwt_dependency", "UJ005", "rentals/main.py")[42]
    assert trips.fix.startswith("make `get_current_user` `async def`"), trips.fix


def test_a_field_of_a_loaded_row_is_no_memo():
    """`elif badge and not member.badge:` tests a field of the row this call loaded: the
    commit under it runs for each member whose row lacks one, never "once"."""
    found = findings("memo_guards", "UJ001", "catalog/providers.py")
    assert "only while what it makes is not stored yet" in found[131].message
    update = found[135]
    assert "only while" not in update.message and "first call" not in update.message, update
    assert update.severity == Severity.ERROR


def test_a_switch_only_the_constructor_sets_is_no_memo():
    """`self._memory_mode = rdb is None` in `__init__`, never set again: `if not
    self._memory_mode:` runs its pipeline on every call; `self._flushed["warm"] = True`,
    filled by the method it guards, is a memo."""
    found = findings("set_up_once", "UJ001", "engine/main.py")
    assert "first call" not in found[20].message, found[20].message
    assert found[20].severity == Severity.ERROR
    assert "first call only" in found[25].message, found[25].message


def test_an_exists_test_of_a_per_call_path_is_no_memo():
    """`if not os.path.exists(path): os.makedirs(path)` where `path` is an f-string of the
    caller's id, or holds a new `uuid4()` on every call: made on every call, not once."""
    found = findings("memo_guards", "UJ001", "catalog/keys.py")
    for line in (152, 162):
        assert "first call" not in found[line].message, found[line].message
        assert found[line].severity == Severity.ERROR


def test_tests_of_what_the_request_carries_are_no_memo():
    """A file named from a hash of the URL the body carries, several assignments away from
    the parameter, and a customer id read with `getattr` from the dependency's user: each
    new URL downloads, each user without an id is created — not once per process."""
    found = findings("memo_guards", "UJ001", "catalog/thumbnails.py")
    for line in (32, 33, 42):
        assert "first call" not in found[line].message, found[line].message


def test_an_exists_test_of_what_the_instance_was_built_with_is_no_memo():
    """`if not os.path.exists(self.folder):` in a class built per request: a folder named
    from the constructor's argument is made for each new product (every call); one the
    constructor sets to a constant is made once (the first call)."""
    found = findings("memo_guards", "UJ001", "catalog/keys.py")
    assert "first call" not in found[175].message, found[175].message
    assert found[175].severity == Severity.ERROR
    assert "on the first call only" in found[187].message, found[187].message


def test_a_memo_test_or_a_parameter_is_no_memo():
    """`if _price_table is None or refresh:` (and a local bound to such a test): the body
    runs whenever the caller passes `refresh=True`, so its read is per-call work."""
    found = findings("memo_guards", "UJ001", "catalog/keys.py")
    for line in (197, 210):
        assert "first call" not in found[line].message, found[line].message
        assert found[line].severity == Severity.ERROR


def test_a_setting_no_code_stores_into_is_a_switch_not_a_memo():
    """`using_workers = not queue_app.conf["always_eager"]` then `if using_workers:`: the
    task app's configuration is never stored into, so the queue is asked on every request;
    `if not registry.loaded: registry.load(...)` may fill it: a first-call stall."""
    found = findings("memo_guards", "UJ001", "catalog/workers.py")
    assert "first call" not in found[17].message, found[17].message
    assert found[17].severity == Severity.ERROR
    assert "on the first call only" in found[21].message, found[21].message
    # `models.loaded[name] = ...` in another function fills the table: a cache keyed by name
    assert "on a cache miss only" in found[41].message, found[41].message


def test_a_cached_method_memoises_only_on_an_instance_that_outlives_the_call():
    found = findings("memo_guards", "UJ001", "catalog/plugins.py")
    per_call, shared = found[52], found[61]
    assert "first call" not in per_call.message, per_call.message
    assert per_call.severity == Severity.ERROR
    assert "on the first call only" in shared.message, shared.message


def test_a_class_whose_new_keeps_one_instance_is_the_process_s_one():
    """`PluginRegistry()` per call, but its `__new__` returns the instance it keeps: the
    `hasattr(self, "loaded")` guard of `__init__` is a memo."""
    found = findings("memo_guards", "UJ001", "catalog/plugins.py")
    assert "on the first call only" in found[85].message, found[85].message
    # `__new__` setting the flag `False` on the instance it makes re-arms nothing
    assert "on the first call only" in found[109].message, found[109].message
    # `__new__` keeping one instance per argument (`cls._instances[port]`)
    assert "on the first call only" in found[138].message, found[138].message


def test_a_cache_a_project_scopes_to_a_request_is_still_a_cache():
    """`@cache(scope="request")` whose clearing only a job runner calls: the server's
    requests share its entry, as SkyPilot's API server shares its request-scoped caches."""
    found = findings("memo_guards", "UJ001", "catalog/plugins.py")
    assert "on the first call only" in found[40].message, found[40].message


def test_an_empty_string_test_on_a_global_is_a_memo_and_a_mode_switch_is_not():
    """`if _page == "":` before filling `_page` reads as `if not _page:`: a first-call read.
    `if app.single_mode: return [app.single_id]` returns another attribute of what it tests
    and never sets the flag: a mode start-up picks, and the listing after it runs on every
    call."""
    page = findings("memo_guards", "UJ001", "catalog/keys.py")[86]
    assert "on the first call only" in page.message, page.message
    listing = findings("memo_guards", "UJ001", "catalog/main.py")[75]
    assert "first call" not in listing.message, listing.message
    assert listing.severity == Severity.ERROR


def test_an_early_return_that_also_needs_a_flag_is_no_memo():
    """`if _config is not None and _custom: return _config` returns the held value only
    while `_custom` is set: the read after it runs on every call, not on the first only."""
    found = findings("memo_guards", "UJ001", "catalog/settings.py")
    reading = found[46]
    assert "first call" not in reading.message, reading.message
    assert reading.severity == Severity.ERROR


def test_a_context_variable_override_is_no_memo():
    """`chosen = _override.get()` then `if chosen is not None: return chosen`: a ContextVar's
    value for this context, which this call never fills: the read after it runs whenever
    no override is set."""
    found = findings("memo_guards", "UJ001", "catalog/settings.py")
    assert "first call" not in found[72].message, found[72].message
    # `if not _deferring.get():`, the same: a test of this context's value, no memo
    assert "first call" not in found[116].message, found[116].message


def test_a_done_flag_a_new_cycle_re_arms_is_no_memo():
    """`if self._flushed: return` … `self._flushed = True`, on the process's one `Batches`,
    which `start()` sets back to False for each batch: the flush runs once per batch, not
    once per process."""
    found = findings("memo_guards", "UJ001", "catalog/settings.py")
    assert "first call only" not in found[93].message, found[93].message
    assert "again each time `_flushed` is set back to False" in found[93].message
    # `Warmup`'s flag of the same name, which only another class re-arms: once per process
    assert "on the first call only" in found[234].message, found[234].message


def test_a_set_check_before_filling_is_a_memo_and_request_state_is_not():
    """`if self.secret is not None: return` on the process's one `Signer` before it loads
    the secret: a first-call read. `if request.state.user is not None: return …` reads what
    this request's middleware left: the lookup after it runs on every request."""
    found = findings("memo_guards", "UJ001", "catalog/keys.py")
    assert "on the first call only" in found[101].message, found[101].message
    assert "first call" not in found[109].message, found[109].message
    assert found[109].severity == Severity.ERROR


def test_a_local_this_call_fills_is_no_memo():
    """`template = None`, then `template = data["chat_template"]` from a file this call
    opened: `if template is None:` is a per-call fallback, and the call under it runs on
    every call."""
    found = findings("memo_guards", "UJ001", "catalog/keys.py")
    assert "first call" not in found[61].message, found[61].message
    assert found[61].severity == Severity.ERROR


def test_a_decorator_named_for_a_cache_folder_is_no_cache():
    """`@create_cache_folder` makes a folder and caches nothing: the call is per request."""
    found = findings("memo_guards", "UJ001", "catalog/uploads.py")
    assert "cache miss" not in found[18].message, found[18].message
    assert "first call" not in found[18].message
    assert found[18].severity == Severity.ERROR


def test_an_instance_a_startup_handler_builds_holds_memos_across_requests():
    """`app.state.prices = open_price_book()` in a start-up handler: one PriceBook per
    process, so `if self._rates is None:` is a memo; a Quote built per request keeps its own
    (each new one fetches again; its `getattr(self, "_engine", None)` test is no memo; the
    PriceBook's `hasattr` test is a memo)."""
    found = findings("memo_guards", "UJ001", "catalog/pricing.py")
    assert "on the first call only" in found[18].message, found[18].message
    assert "on the first call only" not in found[35].message, found[35].message
    assert "on each `Quote` instance only" in found[35].message, found[35].message
    assert found[35].severity == Severity.ERROR
    # `if not self.running:` asks a @property each time: the child is restarted, no memo
    assert "first call" not in found[57].message, found[57].message


def test_guards_on_parameters_and_constant_locals_are_not_memo_guards():
    found = findings("memo_guards", "UJ003", "catalog/clients.py")
    assert sorted(found) == [68, 75]  # `session=None` and `client = None` guards
    assert "on every request" in found[68].message


def test_work_handed_to_a_thread_is_not_said_to_run_on_the_loop():
    found = findings("client_paths", "UJ003", "relay/api.py")
    for line in (16, 17):
        message = found[line].message
        assert "in a worker thread, handed over by `asyncio.to_thread`" in message
        assert "event loop" not in message


def test_per_request_async_clients_are_told_to_build_once_not_to_go_async():
    found = findings("client_paths", "UJ003", "relay/api.py")
    for line, blocker in ((25, "httpx.AsyncClient"), (50, "aiohttp.ClientSession")):
        finding = found[line]
        assert finding.blocker == blocker
        assert "on every request" in finding.message
        assert "once" in finding.fix and "lifespan" in finding.fix
        assert "async" not in finding.fix.lower()


def test_per_request_async_aws_clients_are_told_to_enter_one_in_lifespan():
    """aiobotocore's `create_client` and aioboto3's `Session.client`, made per request (the
    second one kept behind a `None` check is not): an async context manager, entered once."""
    found = findings("client_paths", "UJ003", "relay/storage.py")
    assert sorted(found) == [22, 42]
    for line in (22, 42):
        assert "on every request" in found[line].message
        assert "AsyncExitStack" in found[line].fix and "lifespan" in found[line].fix
        assert "lru_cache" not in found[line].fix


def test_per_request_async_database_clients_and_pools_are_found_with_their_fixes():
    """redis.asyncio, motor and asyncpg, made per request; at module level, in lifespan,
    handed a shared pool, by a connection test or by a settings update that stores the new
    cache on a module, they are not."""
    found = findings("client_paths", "UJ003", "relay/caches.py")
    assert sorted(found) == [24, 33, 50, 67, 107]  # (a health check, not a connection test)
    assert "asyncpg.create_pool" in found[24].fix and "take a connection" in found[24].fix
    assert "inside the running loop" in found[67].fix and "module level" not in found[67].fix
    assert "module level" in found[33].fix


def test_per_request_broker_and_mysql_connections_are_found_with_their_fixes():
    """aio-pika's connection, aiokafka's producer and aiomysql's connection, made per request;
    a connection kept behind a `None`-or-closed check, and a consumer per streaming client,
    are not."""
    found = findings("client_paths", "UJ003", "relay/brokers.py")
    assert sorted(found) == [31, 49, 79]
    for line in (31, 49):
        assert "inside the running loop" in found[line].fix, found[line].fix
    assert "aiomysql.create_pool" in found[79].fix and "take a connection" in found[79].fix


def test_a_session_whose_class_logs_it_in_is_kept_per_request():
    """A session a class keeps and whose cookie jar its `sign_in` fills holds one login: the
    fix shares its connections, not the session; a session with no login is shared."""
    found = findings("client_paths", "UJ003", "relay/notebooks.py")
    assert sorted(found) == [15, 31]
    assert "keeps one user's cookies" in found[15].fix
    assert "keeps one user's cookies" not in found[31].fix


def test_every_body_of_a_redefined_function_is_analysed():
    found = findings("client_paths", "UJ001", "relay/compat.py")
    assert {found[line].blocker for line in (16, 23, 28, 37)} == {
        "time.sleep",
        "subprocess.check_output",
        "subprocess.run",
        "builtins.open",
    }
    # (each body is printed under the name the code gives it, not an internal `git_rev#27`)
    for line in (16, 23, 28, 37):
        steps = [step.name for step in found[line].chain]
        assert not any("#" in text for text in (*steps, found[line].message, found[line].fix))


def test_routes_included_through_a_function_keep_their_prefix_and_the_app_counts_once():
    found = findings("app_factory", "UJ001", "portal/routes/accounts.py")
    assert found[10].entry.route == "GET /api/v1/accounts/{account_id}"
    # a router imported inside the function that includes it
    found = findings("app_factory", "UJ001", "portal/routes/reports.py")
    assert found[10].entry.route == "GET /api/v1/reports/{name}"
    limiter = findings("app_factory", "UJ006", "portal/main.py")
    assert sorted(limiter) == [15, 42]  # `app = create_app()` and `admin = create_admin()`
    # of its 5 sync routes, one reads a file and one, `POST /auth/login`, is the plug-in's
    # sub-app mounted through `plugin.get_app()`: counted here, with no UJ006 of its own
    assert "at least 2 routes block in it" in limiter[15].message
    assert not findings("app_factory", "UJ006", "portal/plugins.py")
    assert "at least 1 route blocks in it" in limiter[42].message
    startup = findings("app_factory", "UJ002", "portal/main.py")
    assert "other entry point" not in startup[9].message  # one app, one lifespan


def test_a_client_built_from_the_requests_own_settings_is_not_told_to_be_built_once():
    found = findings("connection_tests", "UJ003", "hookdesk/probes.py")
    # (and the closure of a function handed to a thread, which reads the settings' region)
    for line, sent in ((17, "`settings`"), (29, "`authorization`"), (83, "`settings`")):
        finding = found[line]
        assert f"from what the request sends: {sent}" in finding.message
        assert "keyed by those settings" in finding.fix
        assert "lifespan" not in finding.fix
    fixed = found[24]  # `httpx.AsyncClient(timeout=5.0)`: nothing from the request
    assert "request sends" not in fixed.message
    assert "once" in fixed.fix and "lifespan" in fixed.fix
    # from a dependency named through an alias (`ConfigDep = Annotated[dict,
    # Depends(get_config)]`): the process's cached config, not what the request sends
    configured = found[33]
    assert "request sends" not in configured.message, configured.message
    assert "once" in configured.fix
    # the key id goes into each call's URL (`client.delete(f".../{key_id}")`) and into
    # `self.lookup(key_id)`: neither configures the client built from `self.timeout`
    per_call = found[49]
    assert "request sends" not in per_call.message, per_call.message
    assert "once" in per_call.fix
    # `RegionApi("eu").match(match_id)`: the match id goes to the method, not the constructor
    regional = found[59]
    assert "request sends" not in regional.message, regional.message
    assert "once" in regional.fix
    # `Summarizer(PARTNER_KEY if use_partner else None)`: the flag picks the process's key or
    # none; neither is what the request sends
    flagged = found[72]
    assert "request sends" not in flagged.message, flagged.message
    assert "once" in flagged.fix


def test_a_client_built_from_what_the_request_looks_up_is_kept_per_setting():
    found = findings("connection_tests", "UJ003", "hookdesk/routers/tenants.py")
    stored = found[52]  # the tenant's own key and URL, from the `current_tenant` dependency
    assert "from what it looks up through `tenant`" in stored.message, stored.message
    assert "keyed by those settings" in stored.fix and "start-up" in stored.fix
    assert "lifespan" not in stored.fix
    # `limits()` returns the module's one `LIMITS`; `slow_limits()` what `@lru_cache
    # load_limits()` made once
    for shared in (found[65], found[73]):
        assert "looks up" not in shared.message, shared.message
        assert "once" in shared.fix and "lifespan" in shared.fix
    # kept on an object by its base class (`super().__init__(secrets)`), then a session
    # built from them makes the client: `session.client("s3")`
    kept = found[96]
    assert "looks up through `tenant`" in kept.message, kept.message
    assert "keyed by those settings" in kept.fix
    # the tenant's id is kept on the object too, but the client is built from `self.timeout`
    per_call = found[108]
    assert "looks up" not in per_call.message, per_call.message
    assert "once" in per_call.fix


def test_a_client_built_from_what_a_lookup_on_the_way_gives_is_kept_per_setting():
    found = findings("connection_tests", "UJ003", "hookdesk/routers/connections.py")
    # the row a service's method queries, handed on to the method that builds the client;
    # the user an async session (opened by the task itself) reads
    for line, lookup in ((36, "`self.get_connection()`"), (62, "`db.execute()`")):
        finding = found[line]
        assert f"from what it looks up through {lookup}" in finding.message, finding.message
        assert "keyed by those settings" in finding.fix and "lifespan" not in finding.fix
    # `code_id` only selects the row whose timeout configures the client
    selected = found[47]
    assert "request sends" not in selected.message, selected.message
    assert "looks up through `db`" in selected.message, selected.message
    # a memoised lookup's one answer, and a row read beside a client not built from it
    shared = found[84]
    assert "looks up" not in shared.message, shared.message
    assert "once" in shared.fix and "lifespan" in shared.fix
    # `tasks.add_task(_send_batch, HOOKS, {"application_id": …}, TIMEOUT)`: the id lands in
    # the task's `payload`, not in the `timeout` the client is built from
    handed = found[93]
    assert "request sends" not in handed.message, handed.message
    assert "once" in handed.fix and "lifespan" in handed.fix


def test_a_blocking_call_behind_lru_cache_is_a_first_call_stall():
    found = findings("singleton_handlers", "UJ001", "gateway/settings.py")
    cached = found[12]  # `open()` reached only through `@lru_cache get_settings`
    assert "on the first call only" in cached.message
    assert cached.severity == Severity.WARNING
    assert cached.group.title.endswith("blocks the event loop on the first call only")
    every_request = found[22]  # `banner()`: not cached
    assert "first call" not in every_request.message
    assert every_request.severity == Severity.ERROR
    assert "first call" not in every_request.group.title


def test_a_test_of_a_function_s_answer_is_not_a_memo_guard():
    found = findings("singleton_handlers", "UJ001", "gateway/passwords.py")
    inline = found[17]  # scrypt run inline under `if not fips_mode():`
    assert "first call" not in inline.message
    assert inline.severity == Severity.ERROR


def test_a_sync_function_that_only_schedules_a_coroutine_is_not_the_root_cause():
    """`schedule_refresh()` makes the coroutine that `create_task` runs on the loop: running
    it in a worker thread would fix nothing (no loop there); the coroutine is the cause."""
    found = findings("request_queries", "UJ001", "scheduler/refresher.py")
    group = found[6].group
    assert group is not None and "refresh_cache" in group.title, group
    assert "schedule_refresh" not in group.title


def test_a_pool_networks_finding_stands_at_the_call_nearest_the_piece():
    found = findings("request_queries", "UJ005", "scheduler/routes/jobs.py")
    message = found[34].message
    assert "network calls (`requests.post`, at 2 or more places on its paths)" in message, message


def test_functions_behind_a_cache_decorator_block_on_a_miss_only():
    found = findings("request_queries", "UJ001", "scheduler/settings.py")
    for line in (17, 22):  # functools.lru_cache, cachetools.cached(TTLCache(...))
        assert "on the first call only" in found[line].message, found[line].message


def test_a_task_lifespan_starts_blocks_while_serving_not_at_start_up():
    found = findings("request_queries", "UJ001", "scheduler/watcher.py")
    reload = found[5]  # `open()` in `watch_settings`, started by `create_task` in lifespan
    assert "background task `watch_settings`" in reload.message
    assert "start-up" not in reload.message
    assert not findings("request_queries", "UJ002", "scheduler/watcher.py")


def test_a_blocking_call_is_printed_through_its_shortest_path_and_never_past_max_calls():
    found = findings("app_factory", "UJ001", "portal/routes/exports.py")
    assert sorted(found) == [9]  # `_render`'s open() is six calls from its only entry
    archive = found[9]
    assert archive.entry.route == "POST /exports/{name}/archive"  # not the 7-step one
    assert [step.name for step in archive.chain][:2] == ["archive", "_archive"]
    deep = findings("robustness", "UJ001", "deep/chain.py")
    assert deep[1213].entry.name == "resume"  # 3 calls, not `start`'s 300


def test_a_callable_handed_to_a_wrapper_runs_from_the_caller_that_hands_it():
    found = findings("arg_defaults", "UJ001", "mediahub/passwords.py")
    assert found[7].entry.route == "POST /users"  # hash_password: only create_user passes it
    assert found[11].entry.route == "POST /login"  # verify_password: only login passes it
    assert "other entry point" not in found[7].message + found[11].message


def test_a_blocking_context_manager_entered_from_async_code_is_told_to_go_async():
    found = findings("request_queries", "UJ001", "scheduler/locks.py")
    fix = found[11].fix  # os.remove in a @contextmanager entered by `with` from run_job
    assert fix.startswith("make it an `@asynccontextmanager` entered with `async with`")
    assert "to_thread(job_lock" not in fix  # a thread cannot take the `with` statement
    # one that sync code enters too keeps its form: async callers get a twin
    twin = found[20].fix
    assert twin.startswith("give async callers an `@asynccontextmanager` twin of it"), twin
    assert "`flush_spool` enters it" in twin, twin
    method = found[36].fix  # a method of an object, entered by another of its methods
    assert method.startswith("give async callers an `@asynccontextmanager` twin of it"), method
    assert "`Spools.drain` enters it" in method, method


def test_work_a_helper_starts_is_each_caller_s_and_error_path_work_is_named_last():
    """`start_task(TASKS, work=_scan)`: the task runs what each caller passes; the work
    started only in an `except` handler is not the entry a finding names when the normal
    path reaches the same call."""
    found = findings("offload", "UJ001", "jobs/scans.py")
    assert "background task `scan._scan`" in found[22].message, found[22].message
    assert "_without_state" not in found[22].message
    assert "background task `purge._purge`" in found[26].message, found[26].message


def test_work_a_helper_s_closure_calls_is_each_caller_s():
    """`async def _child(): await work()` started as a task inside the helper: `work` is
    the helper's parameter, so the task runs what each caller passes, and the error-path
    caller's work is not the one a finding names."""
    found = findings("offload", "UJ001", "jobs/committed.py")
    message = found[35].message
    assert "`rebuild` (POST /index/rebuild) via rebuild._rebuild" in message, message
    assert "_without_state" not in message


def test_a_memo_near_the_entry_decides_over_a_way_longer_than_the_bound():
    """`fetch_keys()` is reached under `if _jwks is None:` two calls from `login`, and also
    through a chain of six calls with no memo: past MAX_CALLS a path is taken on faith no
    more than anywhere else, so the finding is a first-call stall, printed the memo's way."""
    found = findings("passed_through", "UJ001", "gridhub/tokens.py")
    stall = found[13]
    assert "on the first call only" in stall.message, stall.message
    assert stall.severity == Severity.WARNING
    assert [step.name for step in stall.chain][:3] == ["login", "signing_keys", "fetch_keys"]


def test_a_cache_keyed_by_arguments_blocks_on_every_miss():
    found = findings("passed_through", "UJ001", "gridhub/tokens.py")
    keyed = found[45]  # `@lru_cache def verify(hashed, plain)`: each new password misses
    assert "on a cache miss only" in keyed.message, keyed.message
    assert "first call" not in keyed.message
    assert "warm the cache at start-up" in keyed.fix


def test_a_memo_guard_keyed_by_the_arguments_blocks_on_every_miss():
    """`if tenant in _issuers: return _issuers[tenant]`, `_tenant_keys.get(tenant)` and
    `if user not in _avatars:` cache per key: each new one pays again. `_settings.get("auth")`
    has one key: once (as `if "loaded" not in _state:` in memo_guards)."""
    found = findings("passed_through", "UJ001", "gridhub/tokens.py")
    for line in (59, 66, 85, 96):  # 85: `return _graphs[space], None`; 96: `not in`
        assert "on a cache miss only" in found[line].message, found[line].message
        assert "each new key pays again" in found[line].message
    assert "on the first call only" in found[74].message, found[74].message


def test_a_cache_an_enclosing_call_makes_is_no_memo():
    """`seen = {}` in `badges`, tested by the function it defines: a new dict each call, so
    every request pays (no "cache miss" qualifier)."""
    found = findings("passed_through", "UJ001", "gridhub/tokens.py")
    line = max(found)
    assert "badge" in found[line].message, found[line].message
    assert "cache miss" not in found[line].message and "first call" not in found[line].message


def test_the_else_of_a_membership_test_runs_on_a_cache_miss():
    """`if name in _cache: v = _cache[name] else: v = build(); _cache[name] = v` caches per
    key as `if name not in _cache:` does; `if _v is not None: … else:` holds one value."""
    found = findings("passed_through", "UJ001", "gridhub/tokens.py")
    assert "on a cache miss only" in found[109].message, found[107].message
    assert "on the first call only" in found[119].message, found[117].message


def test_a_generator_iterated_on_the_loop_is_told_to_iterate_off_it():
    """`to_thread(count_lines, ...)` would only build the generator in a thread: the fix
    names what runs the body there."""
    found = findings("passed_through", "UJ001", "gridhub/streams.py")
    # not the ones handed to StreamingResponse/to_thread, nor the one `open_relay` returns
    # to a caller that hands it to StreamingResponse; `echo` iterates its own in one branch
    assert sorted(found) == [19, 24, 29, 82]
    assert "iterate it off the loop where `line_count` does" in found[19].fix, found[19].fix
    assert "to_thread(count_lines, ...)" not in found[19].fix


def test_a_get_or_create_in_the_database_pays_per_new_key_not_once():
    """`run = store.get(Run, job_id=job_id)` then `if run is None: store.add(...)`: the row
    is kept by the database, per job; every request for a new job commits again — never "the
    first call only", and no cache: nothing to warm at start-up."""
    found = findings("request_queries", "UJ001", "scheduler/store.py")
    commit = found[18]
    assert "first call" not in commit.message and "cache" not in commit.message
    assert "only while what it makes is not stored yet" in commit.message, commit.message
    assert "warm" not in commit.fix, commit.fix


def test_a_first_call_stall_is_printed_through_the_call_that_fills_the_memo():
    """`login` calls `sign()` (which calls `config()`) before it calls `config()` itself: the
    file is read where `sign` is called. `renew` calls `verify()` only when asked, so its
    stall stays at its own `keys()` call."""
    found = findings("memo_guards", "UJ001", "catalog/sessions.py")
    assert [(s.name, s.line) for s in found[12].chain][:3] == [
        ("login", 105),
        ("sign", 18),
        ("config", 12),
    ]
    assert "to_thread(sessions.sign, ...)" in found[12].fix, found[12].fix
    assert [s.name for s in found[24].chain][:2] == ["renew", "keys"]


def test_a_memo_a_constructor_fills_under_another_memo_is_printed_through_that_call():
    """`vault()` builds the one `Vault` (under `if _vault is None:`), whose `__init__` fills
    the pool: on any request, the pool was filled by that call, now or on an earlier one,
    never by the later `store.secret(name)`; the fix names the class to build in a thread."""
    found = findings("memo_guards", "UJ001", "catalog/sessions.py")
    assert [s.name for s in found[41].chain][:4] == [
        "read_secret",
        "vault",
        "Vault.__init__",
        "Vault._connect",
    ]
    assert "to_thread(Vault, ...)" in found[41].fix, found[41].fix


def test_a_table_the_program_ships_is_no_cache():
    """`if digest in KNOWN_MODELS: return KNOWN_MODELS[digest]` on a module dict no code
    fills: the read after it runs on every call that misses, not "on a cache miss only"."""
    found = findings("memo_guards", "UJ001", "catalog/keys.py")
    read = found[75]
    assert "cache miss" not in read.message and "first call" not in read.message, read.message
    assert read.severity == Severity.ERROR


def test_a_service_an_app_factory_builds_is_the_process_s_own():
    """`vault = KeyVault()` inside `create_app()`: one per process, so `if self._key is
    None:` is a memo, and the read a first-call stall."""
    found = findings("singleton_handlers", "UJ001", "gateway/factory.py")
    assert "on the first call only" in found[13].message, found[13].message


def test_a_sync_generator_dependencys_exit_holds_no_default_token():
    """`get_session` commits after its `yield`: FastAPI runs that exit under a limiter made
    for it alone, so the commit holds no token of the default pool (no UJ005), and
    `GET /jobs/bind`, whose only sync piece is that dependency, is not a route that blocks in
    the pool (UJ006 counts the other seven)."""
    assert 11 not in findings("request_queries", "UJ005", "scheduler/db.py")
    limiter = findings("request_queries", "UJ006", "scheduler/main.py")[22]
    assert "at least 9 routes block in it" in limiter.message, limiter.message


def test_a_dependency_factory_runs_the_branch_its_flag_picks():
    """`Depends(authorizer(required=False))` runs `_user_optional` and what it depends on,
    not the required `_user`; `_token`, which `_token_optional` also calls as a plain
    function, is never offered as one to make `async def`. The pieces are listed in the
    order FastAPI runs them: a dependency's own dependencies first."""
    found = findings("deps_zoo", "UJ005", "zoo/api/keepers.py")
    optional, required = found[39], found[44]
    assert optional.details["sync_pieces"] == [
        "_token_optional",
        "_settings",
        "_user_optional",
        "keeper",
    ]
    assert required.details["sync_pieces"] == ["_token", "_settings", "_user", "rename_keeper"]
    assert "`_token`" not in required.fix, required.fix
    assert "make `_settings`, `_user` `async def`" in required.fix, required.fix


def test_a_dependency_a_method_returns_is_counted_though_annotated_callable():
    """`Depends(SortOrder([...]).depends())`, `depends` annotated `-> Callable`: its `return
    inner` says which function FastAPI runs."""
    found = findings("deps_zoo", "UJ005", "zoo/api/keepers.py")
    assert found[63].details["sync_pieces"][:3] == [
        "SortOrder.depends.inner",
        "_settings",
        "list_keepers",
    ], found[63].details


def test_a_depends_a_factory_returns_in_a_dependencies_list_is_counted():
    """`dependencies=[require_role("admin")]` of a `require_role` that returns
    `Depends(has_role)`: FastAPI runs `has_role` and what it depends on."""
    found = findings("deps_zoo", "UJ005", "zoo/api/keepers.py")
    assert found[92].details["sync_pieces"] == [
        "_token",
        "_settings",
        "_user",
        "require_role.has_role",
        "retire_keeper",
    ], found[92].details


def test_two_pieces_of_one_name_are_told_apart_in_the_fix():
    """Two `_provide` dependencies, one per module: each is named with its place."""
    (found,) = findings("deps_zoo", "UJ005", "zoo/api/cages.py").values()
    assert "`_provide` (zoo/cages/repository.py:1), `_provide` (zoo/cages/staff.py:1)" in (
        found.fix
    ), found.fix


def test_a_light_class_dependency_is_offered_an_async_def_that_builds_it():
    """`Depends(FeedRepository)` whose `__init__` only keeps what it is given: FastAPI calls
    the class in the thread pool, so the fix is an `async def` that builds it (a class
    cannot be made `async def`); one whose `__init__` reads a file is left out."""
    found = findings("deps_zoo", "UJ005", "zoo/api/feeds.py")
    both = found[32].fix
    assert both.startswith("build `FeedRepository`, `APIKeyRepository` in an `async def`"), both
    assert "`async def feed_repository(...) -> FeedRepository:" in both, both
    audit = found[39].fix
    assert "build `FeedRepository` in an `async def` dependency that returns it" in audit, audit
    assert "`AuditTrail`" not in audit, audit


def test_a_fix_that_moves_calls_into_a_thread_says_a_pinned_sqlite_engine_must_change():
    """`create_engine(uri, connect_args=args)` with `args = {"check_same_thread": True} if
    "sqlite" in uri else {}`: its pooled connections serve only their own thread, so every
    fix that runs its calls (or a function making some, `initialize`, with its file calls)
    in a thread says to drop the option; an engine without it gets no such note."""
    pinned = "it needs `check_same_thread=True` dropped from the engine's `connect_args` first"
    startup = findings("pinned_sqlite", "UJ002", "notes/db.py")
    for line in (17, 18, 19):
        assert pinned in startup[line].fix, startup[line].fix
        assert "(notes/db.py:14)" in startup[line].fix, startup[line].fix
    request = findings("pinned_sqlite", "UJ001", "notes/db.py")[23]
    assert request.fix.endswith("raises `sqlite3.ProgrammingError`"), request.fix
    plain = findings("looped_deletes", "UJ001", "studio/main.py")[27]
    assert "check_same_thread" not in plain.fix, plain.fix


def test_a_dependency_reading_an_orm_relationship_is_not_offered_as_async():
    """`is_reviewer` reads `reviewer.role.name`, a relationship the sync session loads on
    first read: as `async def` it would query on the loop, so the fix does not offer it."""
    found = findings("deps_zoo", "UJ005", "zoo/api/reviews.py")
    assert "`is_reviewer`" not in found[65].fix, found[65].fix
    # so does one calling a model method that reads it (`reviewer.role_name()`)
    assert "`is_editor`" not in found[76].fix, found[76].fix
    # and one whose method reads what another model's `backref=` gives it (`self.teams`)
    assert "`in_triage`" not in found[87].fix, found[87].fix


def test_an_early_return_on_either_of_two_tests_keeps_the_memo():
    """`if app.state.engine is not None or model in app.state.fallbacks: return` before the
    loader fills `app.state.engine`: the load is a first-call stall, not per-request work."""
    found = findings("app_factory", "UJ001", "portal/speech.py")
    assert "on the first call only" in found[18].message, found[18].message


def test_routes_a_server_class_registers_on_self_app_are_served_at_their_paths():
    """`self.app = FastAPI(...)` in `__init__`, `self.app.post(path)(self.handler)` in another
    method: the handlers are routes of that app (not coroutines of a project without one)."""
    found = findings("app_on_self", "UJ001", "inferd/server.py")
    assert found[45].entry.route == "POST /v1/completions"
    assert found[49].entry.route == "GET /v1/models"


def test_a_coroutine_made_and_dropped_never_runs():
    """`[delete_draft(i) for i in ids]` and `touch_index()` as statements, both `async def`s:
    a forgotten `await` makes coroutines nothing runs, so the route that drops them is no
    other way to `delete_draft`'s body (and `touch_index`'s is never reached)."""
    found = findings("call_following", "UJ001", "src/notify/routes/drafts.py")
    assert sorted(found) == [13]
    assert "other entry point" not in found[13].message, found[13].message


def test_a_path_joined_for_the_callee_is_no_missing_argument_and_no_memo():
    """`target = os.path.join(...)` handed down two calls rules out `if target is None and
    not ext:` from that route; the two others, which pass none or the request's, still reach
    it, per request (`ext`, read from the argument, is no memoised value)."""
    found = findings("arg_defaults", "UJ001", "mediahub/thumbs.py")
    message = found[16].message
    assert found[16].entry.route == "GET /thumbs/into"
    assert "(also reached from 1 other entry point)" in message, message
    assert "first call" not in message, message


def test_a_field_of_an_argument_is_per_call_and_a_cache_handed_over_is_a_memo():
    """`subscription = event["data"]["object"]` then `if not subscription.get(...)`: the
    event is this call's, so the post under it runs on every request; `hit =
    price_cache.get(plan)` reads a cache the caller keeps, so the fetch runs on a miss."""
    found = findings("memo_guards", "UJ001", "catalog/hooks.py")
    assert "first call" not in found[13].message and "miss" not in found[13].message
    assert "on a cache miss only" in found[19].message, found[19].message


def test_a_flag_a_route_fixes_in_a_local_decides_the_helper_s_branch():
    """`premium = False` then `screen(text, premium)`: `if premium:` is never taken from that
    route; from the route that computes the flag, it is."""
    found = findings("arg_defaults", "UJ001", "mediahub/flags.py")
    assert found[12].entry.route == "POST /flags/paid"
    assert "other entry point" not in found[12].message, found[12].message


def test_a_blocking_property_is_read_off_the_loop_not_handed_to_a_thread():
    """`self.folder`, a `@property` that makes the folder: `to_thread(self.folder)` would
    read it on the loop and hand a string to the thread; the fix reads it in a lambda."""
    found = findings("call_following", "UJ001", "src/notify/routes/exports.py")
    assert "asyncio.to_thread(lambda: self.folder)" in found[17].fix, found[17].fix
    # another object's property: read through the name the caller holds it by
    assert "asyncio.to_thread(lambda: target.shelf)" in found[38].fix, found[38].fix


def test_an_async_gradio_handler_beside_the_app_is_an_entry():
    """`box.submit(ask, ...)` in the project that serves a FastAPI app: Gradio awaits `ask` on
    the event loop; the `def` handler `summarize` runs in Gradio's threads."""
    found = findings("app_on_self", "UJ001", "inferd/ui.py")
    assert sorted(found) == [9]
    assert "async Gradio event handler `ask`" in found[9].message, found[9].message


def test_input_is_called_a_terminal_read_not_file_io():
    found = findings("client_paths", "UJ001", "relay/api.py")
    assert "`builtins.input` (a terminal read)" in found[57].message, found[57].message


def test_a_decorator_that_reports_failures_still_passes_the_arguments_through():
    """`@noexcept` hands the wrapped function to its error callback and otherwise calls it as
    it came: `Run(h, read_only=True)` rules out the tracking branch for the listing route."""
    tracking = findings("arg_defaults", "UJ001", "mediahub/safe_mode.py")[35]
    assert "`start_run` (POST /runs/)" in tracking.message, tracking.message
    assert "other entry point" not in tracking.message, tracking.message


def test_a_decorated_constructor_hands_its_base_the_value_it_was_given():
    """`TrackedRun(h, read_only=True)`: its `@noexcept` `__init__` passes `read_only` on to
    `super().__init__`, so the base's lock branch is ruled out for the listing route too."""
    lock = findings("arg_defaults", "UJ001", "mediahub/safe_mode.py")[52]
    assert "`start_tracked` (POST /runs/tracked)" in lock.message, lock.message
    assert "other entry point" not in lock.message, lock.message


def test_a_dataclass_built_by_the_route_decides_its_methods_tests_of_its_fields():
    """`TrainingProject(name=…, backend=…)` leaves `process` at its default False: `create`'s
    `if self.process:` data preparation runs for the import route only, which passes
    `process=True` (and `dry_run=True`, so the launch runs for the upload route only)."""
    found = findings("arg_defaults", "UJ001", "mediahub/training.py")
    prepare, launch = found[31], found[27]
    assert "`import_dataset` (POST /training/import)" in prepare.message, prepare.message
    assert "other entry point" not in prepare.message, prepare.message
    assert "`upload` (POST /training/upload)" in launch.message, launch.message
    assert "other entry point" not in launch.message, launch.message
    # a plain class's `__init__` keeps `notify`: the quiet route passes False by position
    notice = found[90]
    assert "`evaluate` (POST /training/evaluate)" in notice.message, notice.message
    assert "other entry point" not in notice.message, notice.message


def test_a_library_s_function_its_users_hand_their_app_registers_routes():
    """`mount_version(app)`: a library that serves no app of its own never calls it; its users
    do, so the middleware it registers is served (a program whose app a module builds that
    never calls such a function registers nothing: tests/corpus/middleware_app)."""
    version = findings("interface_kit", "UJ001", "chatkit/hooks.py")[13]
    assert "async http middleware `mount_version.add_version`" in version.message, version.message


def test_a_decorator_that_checks_argument_types_still_passes_the_arguments_through():
    """`@enforce_types` reads the wrapped function's hints and argument names, then calls it
    as it came: `search.find()` (no query) rules the embedding branch out for `recent_runs`."""
    embedding = findings("arg_defaults", "UJ001", "mediahub/safe_mode.py")[138]
    assert "`search_runs` (GET /runs/search)" in embedding.message, embedding.message
    assert "other entry point" not in embedding.message, embedding.message


def test_a_classmethod_s_cls_call_hands_the_constructor_its_arguments():
    """`RunLog.load(folder, lock=False)` returns `cls(folder, lock=lock)`: the lock file is
    opened for the writing route, not for the reading one."""
    lock = findings("arg_defaults", "UJ001", "mediahub/safe_mode.py")[159]
    assert "`write_log` (POST /runs/{run_hash}/log)" in lock.message, lock.message
    assert "other entry point" not in lock.message, lock.message


def test_a_decorator_that_picks_another_decorator_s_wrapper_passes_the_arguments_through():
    """`@timed` returns `timed_async(func)` for a coroutine function and its own forwarding
    wrapper otherwise: `register_run(h, check_name=False)` still rules the check out."""
    check = findings("arg_defaults", "UJ001", "mediahub/safe_mode.py")[97]
    assert "`rename_run` (PATCH /runs/{run_hash})" in check.message, check.message
    assert "other entry point" not in check.message, check.message


def test_a_cache_method_asked_for_what_the_call_was_given_is_keyed():
    """`cached = self.check_cache(params)` with `params` built from the request's text, then
    `if cached is not None: return cached`: each new text pays again, not the first only."""
    miss = findings("memo_guards", "UJ001", "catalog/settings.py")[132]
    assert "on a cache miss only" in miss.message, miss.message


def test_a_field_of_a_row_or_an_empty_default_is_per_call():
    """`customer = (account or {}).get("customer_id")` with `account` loaded for the user,
    then `if not customer:`: the row is this call's, so no first-call-only memo."""
    every = findings("memo_guards", "UJ001", "catalog/settings.py")[194]
    assert "only" not in every.message and "`time.sleep`" in every.message, every.message


def test_a_cache_the_miss_path_never_fills_is_no_memo():
    """`cached = await self._cached_menu()` then `if cached is not None: return cached`, and
    nothing on the miss path stores into a cache: the block runs on every miss, so the
    message claims neither a first call nor a per-key cache."""
    every = findings("memo_guards", "UJ001", "catalog/settings.py")[144]
    assert "only" not in every.message and "`time.sleep`" in every.message, every.message


def test_a_dict_display_spread_into_a_call_passes_its_keys_by_name():
    """`player.play(**options)` with `options = {"language": ..., "muted": True}`: no
    `output_file`, so the recording branch is reached only through the route whose dict
    holds that key, and through the one whose dict is changed after it is built."""
    recording = findings("arg_defaults", "UJ001", "mediahub/speech.py")[13]
    assert "`recorded` (POST /speech/recorded)" in recording.message, recording.message
    assert "also reached from 1 other entry point)" in recording.message, recording.message


def test_a_coroutine_handed_to_asyncio_run_never_runs_on_the_loop():
    """`status_now(url)` runs `asyncio.run(fetch_status(url))`: from the `async def` route
    that raises, so the per-request client is the `def` route's, in a worker thread."""
    root = CORPUS / "call_following"
    result = analyze(root, sorted(root.rglob("*.py")))
    bridge = [
        f
        for f in result.findings
        if f.location.path.endswith("sync_bridge.py") and "bridge_batch" not in f.message
    ]
    assert [f.code for f in bridge] == ["UJ003"], [f.message for f in bridge]
    assert "sync endpoint `bridge_sync`" in bridge[0].message, bridge[0].message
    # a client shared across calls would outlive the loop it was made in: a sync one
    assert bridge[0].fix.startswith("create a sync client once"), bridge[0].fix
    assert "under `asyncio.run`" in bridge[0].fix, bridge[0].fix


def test_tornado_handlers_are_served_on_the_loop_sync_ones_too():
    """A `def get` of a handler a `tornado.web.Application` routes blocks Tornado's loop: the
    finding names it with its pattern (a module constant here), a WebSocket's too."""
    found = findings("tornado_dash", "UJ001", "dash/handlers.py")
    assert "sync Tornado handler `DevicesHandler.get` (GET /devices)" in found[14].message
    assert "(WS /logs)" in found[30].message, found[30].message


def test_aiohttp_handlers_are_named_with_their_routes_and_fixes_fit_the_project():
    """Each registration form of an aiohttp app names its handler's method and path; a
    startup signal is start-up work. Without Starlette in the project, the fix offers
    `asyncio.to_thread`, not Starlette's `run_in_threadpool`; a FastAPI app's keeps it."""
    root = CORPUS / "aiohttp_bot"
    result = analyze(root, sorted(root.rglob("*.py")))
    by_line = {f.location.line: f for f in result.findings if f.location.path == "bot/handlers.py"}
    assert "aiohttp handler `status` (GET /status)" in by_line[14].message
    assert "(PUT /plugins)" in by_line[26].message
    assert "aiohttp handler `ItemsView.get` (GET /items)" in by_line[37].message
    assert "`FeedsView.post` (POST /feeds)" in by_line[55].message
    assert "`Health.__call__` (GET /health)" in by_line[64].message
    assert "at start-up" in by_line[48].message
    # `resource.add_route("GET", download)`: the resource's path, the local reused
    assert "aiohttp handler `download` (GET /download)" in by_line[80].message
    assert "aiohttp handler `check_upload` (HEAD /upload)" in by_line[86].message
    fixes = [f.fix for f in result.findings] + [f.group.fix for f in result.findings]
    assert not any("run_in_threadpool" in fix for fix in fixes), fixes
    assert "await asyncio.to_thread(...)" in by_line[14].fix
    fastapi = findings("seed003_translate", "UJ001", "translator/common.py")
    assert any("run_in_threadpool" in f.fix for f in fastapi.values())


def test_each_service_s_pool_is_read_from_its_own_pins():
    """Two services, the gateway pinning FastAPI 0.68 (first in folder order), booking 0.116:
    each app's findings speak of its own pool."""
    gateway = findings("pinned_services", "UJ005", "api-gateway/main.py")[11]
    booking = findings("pinned_services", "UJ005", "booking/main.py")[31]
    limiters = findings("pinned_services", "UJ006", "booking/main.py")
    assert "default executor" in gateway.message, gateway.message
    assert "thread-pool token" in booking.message, booking.message
    assert "anyio's default limiter" in limiters[26].message, limiters[26].message
    assert "set_default_executor" not in booking.fix, booking.fix


def test_a_helper_returning_a_sqlite_connection_is_not_moved_alone_into_a_thread():
    """`_connect()` returns a sqlite3 connection the async route queries: `to_thread(_connect)`
    would hand the loop a connection only the worker thread may use."""
    found = findings("sqlite_notes", "UJ001", "ledger/main.py")
    for line in (13, 14):
        assert found[line].fix.startswith("not `_connect` alone"), found[line].fix
        assert "to_thread(_connect" not in found[line].fix, found[line].fix
    # a class keeping one: neither `Journal(...)` nor `journal.add` moves alone
    assert found[28].fix.startswith("not `Journal` alone: what it makes keeps"), found[28].fix
    for line in (32, 33):
        assert "alone: its object keeps a `sqlite3.Connection`" in found[line].fix
    # a method opening a new one on each call returns it; its object keeps none
    assert "alone: it returns a `sqlite3.Connection`" in found[101].fix, found[101].fix
    # one object for every request, whatever thread its connection serves: no plain `def`,
    # whose requests' threads would share its cursor
    for line in (82, 83):
        assert "no two threads may use at once" in found[line].fix, found[line].fix
        assert "plain `def`" not in found[line].fix, found[line].fix
    # `check_same_thread=False`: any thread may use it
    assert "to_thread(SharedJournal" in found[40].fix, found[40].fix
    # a helper handed the route's connection, or an object keeping one
    handed = found[55].fix
    assert handed.startswith("not `_total` alone: it is handed a `sqlite3.Connection`"), handed
    assert "to_thread(_total" not in handed, handed
    kept = found[65].fix
    assert "it is handed a `Journal` keeping a `sqlite3.Connection`" in kept, kept
    # an object opening its connection on first use, in a method, keeps it too
    assert found[126].fix.startswith("not `cache.stale` alone: its object keeps"), found[126].fix


def test_an_executor_method_is_named_for_the_class_that_defines_it():
    """`ProcessPoolExecutor.shutdown` is `Executor.shutdown`, as a thread pool's is: the
    message names that, never the other pool class."""
    found = findings("catalogue_tour", "UJ001", "tour/waits.py")
    for line in (20, 21):
        assert "`concurrent.futures.Executor.shutdown`" in found[line].message


def test_psutil_cpu_percentages_block_only_over_an_interval():
    """`psutil.cpu_percent(interval=0.5)` sleeps half a second; without an interval it
    returns at once, and the fix says so."""
    found = findings("catalogue_tour", "UJ001", "tour/waits.py")
    assert [line for line in sorted(found) if line > 50] == [56, 57, 61, 62]
    assert "interval=None" in found[56].fix and "same Process object" in found[62].fix


def test_a_sync_route_s_trips_count_its_response_model_s_validation():
    """FastAPI validates what a sync endpoint returns in the thread pool, one more trip
    (a response model read from the return annotation); not with `response_model=None`,
    nor for a `Response` the endpoint returns as it is, whatever `response_model=` says."""
    found = findings("served_only", "UJ005", "ledger/api/accounts.py")
    by_name = {f.details["sync_pieces"][-1]: f for f in found.values()}
    assert "makes 4 trips" in by_name["ledger"].message
    assert "then its response model's validation" in by_name["ledger"].message
    # (`get_db`'s exit after its `yield` is one more thread, under a limiter of its own)
    assert "`get_db`'s exit after `yield` runs in a worker thread too" in by_name["ledger"].message
    for name in ("raw", "export", "feed"):
        assert "validation" not in by_name[name].message
    assert "makes 3 trips" in by_name["raw"].message
    assert "makes 3 trips" in by_name["export"].message
    # (the stream of `iter([...])` is drawn through the pool as it is sent: a floor)
    assert "makes at least 3 trips" in by_name["feed"].message


def test_router_dependencies_held_in_a_name_count_as_trips():
    """`include_router(r, dependencies=protected)`: the list a name holds, bound in the
    module or imported from another, is read, and its sync dependencies count as trips."""
    found = findings("listed_deps", "UJ005", "rota/shifts.py")
    for line in (13, 18):
        assert "makes 5 trips" in found[line].message, found[line].message
        assert "`bearer`, `verify_member`" in found[line].message
    # a dependency that only reads `cast(dict, request.app.state.board)` is offered `async def`
    assert found[27].fix.startswith("make `board_state` `async def`"), found[27].fix


def test_an_endpoint_a_response_cache_wraps_makes_its_trip_on_a_miss_only():
    """fastapi-cache2's `@cache` hands FastAPI an `async def` wrapper: the endpoint runs in
    the pool only on a miss, and the response is validated on the loop."""
    found = findings("listed_deps", "UJ005", "rota/shifts.py")
    line = next(n for n, f in found.items() if "/stats" in (f.entry.route or ""))
    stats = found[line]
    assert "makes 3 trips" in stats.message, stats.message
    assert "`stats` itself too on a cache miss only" in stats.message
    assert "validation" not in stats.message


def test_a_dependency_default_a_function_local_import_binds_counts_as_a_trip():
    """`def may_swap(): from rota.main import MEMBER` then `def check(member=MEMBER)`: the
    `Depends(bearer)` that name holds in main.py runs before `check`, one more trip."""
    swap = findings("listed_deps", "UJ005", "rota/swaps.py")[18]
    assert "makes 4 trips" in swap.message, swap.message
    assert "`bearer`, `may_swap.check`, `request_swap`" in swap.message


def test_litestar_handlers_are_named_with_their_routes_and_sync_ones_offered_sync_to_thread():
    """A Litestar handler is named with its verb and path (a `route`'s `http_method`, a
    `Controller`'s `path` above its own); a sync handler or provider on the loop is offered
    Litestar's own `sync_to_thread=True`."""
    found = findings("litestar_notes", "UJ001", "notes/handlers.py")
    assert "async Litestar handler `list_notes` (GET /notes)" in found[20].message
    assert "(DELETE /notes/purge)" in found[36].message
    assert "`TagController.tags` (GET /tags)" in found[49].message
    assert "(WS /notes/live)" in found[41].message
    for line in (15, 25):  # the provider and the `def` handler
        assert found[line].fix.startswith("mark it `sync_to_thread=True`"), found[line].fix


def test_mysql_connector_calls_are_named_as_mysql_connector_s():
    """mysql-connector's connection and cursor are its own, not MySQLdb's (whose name the
    message once gave them)."""
    found = findings("catalogue_tour", "UJ001", "tour/data.py")
    assert "`mysql.connector.connect`" in found[27].message
    assert "`mysql.connector.MySQLCursor.execute`" in found[28].message


def test_pandas_reading_and_writing_files_is_called_file_i_o():
    """`pd.read_csv(path)` and `frame.to_csv(...)` read and write a file (and parse it):
    file I/O, not "CPU-heavy work" — unless what they read or write is in memory."""
    found = findings("catalogue_tour", "UJ001", "tour/data.py")
    for line in (49, 50):
        assert "(file I/O)" in found[line].message, found[line].message
    # an in-memory buffer (`io.BytesIO(raw)`, `io.StringIO()`), or none (`to_csv()` returns
    # the text): parsing or serialising, no file
    for line in (66, 68, 69):
        assert "(CPU-heavy work)" in found[line].message, found[line].message
    # remote storage through fsspec: a URL's scheme, or `storage_options` (which pandas
    # refuses for a local path)
    for line in (166, 167):
        assert "(network I/O)" in found[line].message, found[line].message
    assert "(file I/O)" in found[168].message, found[168].message


def test_a_default_made_empty_in_the_body_still_rules_a_branch_out():
    """`Task(text)` leaves `context=None`, which `__init__` makes `[]`: still false, so
    `_files_in`'s `if not context: return []` ends it, and only the import route walks."""
    found = findings("arg_defaults", "UJ001", "mediahub/tasks.py")
    walk = found[31]
    assert walk.entry.name == "import_task", walk.message
    assert "other entry" not in walk.message
    # `tags` made `["default"]`, and `notes` made `[]` but then appended to: both true
    for line in (39, 45):
        assert "also reached from 1 other entry point" in found[line].message


def test_a_function_that_sets_a_context_variable_is_run_in_a_context_the_caller_keeps():
    """`use_locale` sets `_locale`: `to_thread(use_locale, ...)` alone would set it in the
    thread's copy of the context (tests/test_check_context_vars_runtime.py), so the fix runs
    it in a copied context and takes the values back; `load_glossary` sets nothing, and
    `render_template` resets what it sets."""
    found = findings("shared_state", "UJ001", "quotes/locale.py")
    setter, plain, scoped = found[11].fix, found[20].fix, found[28].fix
    assert "ctx.run" not in scoped, scoped
    assert "it sets `_locale`" in setter, setter
    assert "asyncio.to_thread(ctx.run, use_locale, ...)" in setter, setter
    assert "for var, value in ctx.items(): var.set(value)" in setter, setter
    assert "ctx.run" not in plain and "asyncio.to_thread(load_glossary, ...)" in plain, plain


def test_a_dependency_from_a_library_makes_the_trip_count_a_floor():
    """`Depends(current_active_user)`, fastapi-users' `current_user(active=True)`: what it
    runs in the thread pool is not seen, so the route makes "at least" the trips counted; a
    route whose dependencies are all the project's own gets the exact count."""
    trips = findings("outside_deps", "UJ005", "clinic/main.py")
    assert "makes at least 3 trips" in trips[27].message, trips[27].message
    assert "a dependency unjam cannot see into may add more" in trips[27].message, trips[27].message
    assert "makes 4 trips" in trips[32].message, trips[32].message


def test_a_dependency_a_project_factory_returns_is_counted():
    """`Annotated[str, require_role("admin")]`, or `= require_role(...)`, of `def
    require_role(role): return Depends(RoleChecker(role))`: the checker's sync `__call__` is
    one more trip, its own `Depends(get_db)` another."""
    trips = findings("outside_deps", "UJ005", "clinic/main.py")
    for line, count in ((52, 4), (57, 4)):
        assert f"makes {count} trips" in trips[line].message, trips[line].message
        assert "`RoleChecker.__call__`" in trips[line].message, trips[line].message


def test_a_cache_helper_s_answer_guards_work_done_on_a_miss_only():
    """`cached = await get_cached_data(key)` then `if cached: return cached`, the miss path
    calling `set_cached_data(key, ...)`: the blocking call runs on a cache miss only, per
    key (a Redis cache behind the helpers)."""
    found = findings("memo_guards", "UJ001", "catalog/cities.py")
    assert "on a cache miss only" in found[51].message, found[51].message
    # a hit handed back reshaped (`return [d.title() for d in cached_data]`): the same memo
    assert "on a cache miss only" in found[62].message, found[62].message


def test_a_wildcard_entry_s_fix_names_the_method_called_on_the_object_called():
    """`passlib.CryptContext.*`'s fix runs the method the code called in the pool, on the
    object as the code names it: `pwd.hash` for a hash, `pwd.verify` for a check, and the
    entry's placeholder `pwd_context` where the object is no name (a call's answer)."""
    found = findings("catalogue_tour", "UJ001", "tour/cpu.py")
    assert "(pwd.verify, ...)" in found[13].fix, found[13].fix
    assert "(pwd.hash, ...)" in found[22].fix, found[22].fix
    assert "(pwd_context.hash, ...)" in found[30].fix, found[30].fix


def test_sqlmodel_s_exec_is_fixed_with_sqlmodel_s_async_session():
    """`session.exec(...)` is SQLModel's method (SQLAlchemy's AsyncSession has none): the fix
    names SQLModel's AsyncSession, not SQLAlchemy's; the call is named SQLModel's too."""
    found = findings("catalogue_tour", "UJ001", "tour/sqlmodel_rows.py")
    assert found[10].blocker == "sqlmodel.Session.exec", found[10].blocker
    assert found[10].message.startswith("`sqlmodel.Session.exec`"), found[10].message
    assert found[10].chain[-1].name == "sqlmodel.Session.exec", found[10].chain
    # SQLAlchemy's own `execute`, whose name starts the same, keeps its name
    execute = "`sqlalchemy.orm.Session.execute` (database I/O)"
    assert shown(execute) == execute
    assert "sqlmodel.ext.asyncio.session.AsyncSession" in found[10].fix, found[10].fix


def test_each_signature_s_factory_dependency_is_its_own_trip():
    """`repo=Depends(get_repo("users"))` written in two `def`s makes two callables, both
    run (FastAPI caches by the callable); an `Annotated` alias holds one for all its
    users."""
    trips = findings("repo_factories", "UJ005", "blog/main.py")
    assert "makes 6 trips" in trips[8].message, trips[8].message
    assert "makes 5 trips" in trips[13].message, trips[13].message


def test_a_classmethod_s_fix_calls_through_cls():
    """A classmethod calls its class's other methods through `cls`: the fix hands
    `cls.create_file` to a thread, not `self.create_file`."""
    found = findings("catalogue_tour", "UJ001", "tour/media.py")
    assert "to_thread(cls.create_file, ...)" in found[7].fix, found[7].fix


def test_a_def_an_async_decorator_wraps_is_said_to_run_as_a_coroutine():
    """`@role_checker("admin")` / `@audited` wrap a `def` endpoint and a `def` dependency in an
    `async def` that calls them in place: their blocking calls are on the loop, the message
    says why, and the fix starts at the decorator's wrapper."""
    found = findings("async_wrapped", "UJ001", "portal/reports.py")
    endpoint, dependency = found[19], found[13]
    assert "a `def` that `@role_checker` runs as a coroutine" in endpoint.message, endpoint.message
    assert "have `role_checker`'s wrapper run a `def` in the thread pool" in endpoint.fix
    assert "a `def` that `@audited` runs as a coroutine" in dependency.message, dependency.message


def test_an_app_that_imports_a_file_that_does_not_compile_is_left_out_and_said_so():
    """The shop's app imports `shop.routes`, which imports the schemas that do not compile:
    it cannot start, its routes are not checked, and the schemas' reason says why; so it is
    with the desk, whose factory's helper imports views that import a form nobody defines;
    the admin app, which names them only under `if TYPE_CHECKING:`, in a `try:` and in a
    function, is served as usual."""
    root = CORPUS / "unstartable"
    result = analyze(root, sorted(root.rglob("*.py")))
    reasons = dict(result.unparsed)
    assert reasons["shop/schemas.py"].startswith("syntax error"), reasons
    assert (
        "the app `app` (shop/main.py:8) imports it as it starts, through shop.routes, so it "
        "cannot start: its routes are not checked until this file parses"
    ) in reasons["shop/schemas.py"]
    # (the desk's factory imports its views in a helper it calls: at import, as it is run)
    assert (
        "the app `create_app:app` (desk/factory.py:5), which imports desk.views as it starts, "
        "cannot start"
    ) in reasons["desk/forms.py"]
    assert [(f.code, f.location.path) for f in result.findings] == [("UJ001", "admin/main.py")]


def test_an_app_whose_imports_fail_is_left_out_and_the_file_to_fix_is_named():
    """The depot's routes import a name its settings do not define, the ledger's api a
    model module deleted from disk, the lms app a module misspelt in a namespace package
    (ImportError, not ModuleNotFoundError), the vault's config pydantic 1's `BaseSettings`
    where the requirements ask for pydantic 2: no app of them starts, and each reason names
    the file to fix and the import that fails, as does the booking app's import through a
    folder a module beside it shadows; the kiosk, whose imports all resolve (or are
    guarded), is served."""
    root = CORPUS / "missing_imports"
    result = analyze(root, sorted(root.rglob("*.py")))
    reasons = dict(result.unparsed)
    assert reasons["depot/settings.py"] == (
        "depot/settings.py defines no `Settings`, which depot/routes.py:5 imports from it: "
        "importing it raises ImportError; the app `app` (depot/main.py:8), which imports "
        "depot.routes as it starts, cannot start: its routes are not checked until the import "
        "is fixed"
    )
    assert reasons["ledger/api.py"].startswith(
        "ledger/api.py imports ledger.models.audit (line 6), but no ledger/models/audit.py is "
        "on disk: importing it raises ModuleNotFoundError"
    ), reasons
    assert reasons["lms/main.py"].startswith(
        "lms/main.py imports api.cources (line 10), but no lms/api/cources.py is on disk: "
        "importing it raises ImportError;"
    ), reasons
    assert reasons["booking/routes.py"].startswith(
        "booking/routes.py imports utils.expiry (line 5), from booking/utils/, which has no "
        "__init__.py: Python finds booking/utils.py first, a module, not a package, so "
        "importing it raises ModuleNotFoundError;"
    ), reasons
    assert reasons["vault/config.py"].startswith(
        "vault/config.py imports `BaseSettings` from pydantic (line 2), which pydantic 2 no "
        "longer has (requirements.txt): importing it raises PydanticImportError; `BaseSettings` "
        "moved to pydantic-settings"
    ), reasons
    others = [f for f in result.findings if not f.location.path.startswith("works/")]
    assert [(f.code, f.location.path) for f in others] == [
        ("UJ001", "kiosk/main.py"),
        ("UJ001", "plugins/github/server.py"),  # (`github` is PyGithub, its requirements say)
        ("UJ001", "pushapp/main.py"),  # (its firebase_admin.py imports the installed one)
        ("UJ001", "pushapp/main.py"),  # (and `admin_auth.get_user` is that one's)
        ("UJ001", "station/web/web/api/routes.py"),  # (`web.api` is the inner package's)
    ]


def test_an_app_that_cannot_start_lends_its_routes_no_prefix_and_registers_nothing():
    """works/main_production.py cannot start: the routers it shares with works/main.py are
    served by that app, so their labels carry no `/api/v1` and its thread-pool limiter is
    the one judged; the middleware only the dead app registers runs nowhere."""
    root = CORPUS / "missing_imports"
    result = analyze(root, sorted(root.rglob("*.py")))
    pool = [f for f in result.findings if f.code == "UJ006"]
    assert [f.location.path for f in pool] == ["works/main.py"], pool
    assert not [f for f in result.findings if f.code == "UJ004"]


def test_a_dbapi_connection_per_request_is_fixed_with_a_pool_and_begin_is_no_round_trip():
    """A psycopg2 connection opened per request: the fix is a pool made once, psycopg2's own
    (one shared connection would mix transactions), and its commit is that request's work, not another
    UJ003. `with conn.begin():` sends nothing: the next statement opens the transaction."""
    connect = findings("dbapi_deps", "UJ003", "sensors/db.py")[11]
    assert connect.fix.startswith("open a connection pool once at start-up"), connect.fix
    assert "psycopg2.pool" in connect.fix and "psycopg_pool" not in connect.fix, connect.fix
    trips = findings("dbapi_deps", "UJ005", "sensors/main.py")[18]
    assert "`sqlalchemy.Connection.execute`" in trips.message, trips.message
    assert "begin" not in trips.message and "__enter__" not in trips.message, trips.message


def test_the_offload_fix_names_the_callable_as_the_caller_writes_it():
    """`archive.load(name)` on a module-level instance: the fix hands `archive.load` (bound
    to it) to the thread, not `Archive.load`, which would need the instance passed."""
    found = findings("async_wrapped", "UJ001", "portal/reports.py")
    assert "`await asyncio.to_thread(archive.load, ...)`" in found[45].fix, found[45].fix


def test_a_dependency_that_only_builds_objects_is_offered_as_one_to_make_async():
    """`get_ticket_service` returns `TicketService(TicketRepository(db))`: project classes
    whose `__init__`s only store what they are given, so on the loop it would block on
    nothing, and the route would save a trip."""
    trips = findings("deps_zoo", "UJ005", "zoo/api/tickets.py")[38]
    assert trips.fix.startswith("make `get_ticket_service` `async def`"), trips.fix


def test_a_dependencies_list_item_bound_to_a_depends_at_module_level_is_counted():
    """`dependencies=[staff_only]` with `staff_only = Depends(require_staff)`: FastAPI runs
    `require_staff` first, one more trip through the pool."""
    trips = findings("deps_zoo", "UJ005", "zoo/api/tickets.py")[50]
    assert trips.details["sync_pieces"][:2] == ["require_staff", "get_tickets_db"], trips.details


def test_a_router_also_included_where_no_app_serves_is_labelled_where_one_does():
    """`users.router` is included by the app and by an `api_router` no app mounts: its route
    is served as `GET /users/`, not under an unknown prefix."""
    found = findings("double_include", "UJ001", "crm/users.py")
    assert found[10].entry.route == "GET /users/", found[10].entry.route


def test_a_cached_dependency_is_made_once_not_made_async():
    """`@lru_cache` on a sync dependency: its trip is still counted, but the fix makes what it
    caches once, at start-up, behind an `async def` dependency; it never says to make the
    cached function itself `async def` (the cache would keep a coroutine only the first
    request can await). A plain light dependency is still offered `async def`."""
    trips = findings("cached_deps", "UJ005", "visits/main.py")
    for line, endpoint in ((37, "create_visit"), (46, "visit_settings")):
        fix = trips[line].fix
        assert f"make `get_clock`, `{endpoint}` `async def`: they call nothing" in fix, fix
        assert "`get_settings` `async def`" not in fix, fix
        assert "`get_visit_repository` `async def`" not in fix, fix
        assert "only the first request can await" in fix, fix
    assert "make what `get_visit_repository`, `get_settings` cache once" in trips[37].fix
    assert "make what `get_settings`, `get_visit_repository` cache once" in trips[46].fix


def test_sqlalchemy_1_runs_a_plain_string_so_what_follows_it_runs(tmp_path: Path):
    """`db.execute("SELECT …")` raises only under SQLAlchemy 2: with `sqlalchemy==1.4.52`
    declared, the statement runs (and blocks), and so does the commit after it."""
    root = tmp_path / "always_raises"
    shutil.copytree(CORPUS / "always_raises", root)
    (root / "requirements.txt").write_text("fastapi\nsqlalchemy==1.4.52\nrequests\n")
    result = analyze(root, sorted(root.rglob("*.py")))
    lines = {f.location.line for f in result.findings if f.location.path == "clinic/main.py"}
    assert {40, 41} <= lines, sorted(lines)
    assert 16 not in lines, sorted(lines)  # a missing name fails whatever the version


def test_an_app_a_dockerfile_runs_with_uvicorn_shares_its_pool_though_mangum_wraps_it(
    tmp_path: Path,
):
    """Mangum's handler beside a Dockerfile that runs uvicorn: the app also serves many
    requests per process, so the thread-pool findings stand, and so does the blocking call
    on the loop."""
    root = tmp_path / "lambda_only"
    shutil.copytree(CORPUS / "lambda_only", root)
    (root / "Dockerfile").write_text('CMD ["uvicorn", "videos.index:app", "--host", "0.0.0.0"]\n')
    result = analyze(root, sorted(root.rglob("*.py")))
    codes = {(f.code, f.location.line) for f in result.findings}
    assert {("UJ005", 24), ("UJ005", 26), ("UJ006", 12), ("UJ001", 31)} <= codes, sorted(codes)


def test_a_server_image_elsewhere_in_the_repository_serves_the_app_too(tmp_path: Path):
    """The Lambda image in one folder, a uvicorn image of the same app in another (txtai's
    docker/aws/ and docker/api/): the app serves many requests per process there, so the
    thread-pool findings stand."""
    root = tmp_path / "lambda_only"
    shutil.copytree(CORPUS / "lambda_only", root)
    (root / "docker" / "api").mkdir(parents=True)
    (root / "docker" / "api" / "Dockerfile").write_text(
        'ENTRYPOINT ["uvicorn", "--host", "0.0.0.0", "videos.index:app"]\n'
    )
    lambda_image = root / "docker" / "aws" / "Dockerfile"
    lambda_image.parent.mkdir(parents=True)
    lambda_image.write_text('ENTRYPOINT ["python", "-m", "awslambdaric"]\nCMD ["app.handler"]\n')
    result = analyze(root, sorted(root.rglob("*.py")))
    codes = {(f.code, f.location.line) for f in result.findings}
    assert {("UJ005", 24), ("UJ006", 12)} <= codes, sorted(codes)

    lambda_image.parent.parent.joinpath("api", "Dockerfile").unlink()
    alone = analyze(root, sorted(root.rglob("*.py")))
    assert not {f.code for f in alone.findings} & {"UJ005", "UJ006"}, alone.findings


def test_a_fix_hands_the_thread_the_name_the_caller_imported():
    """`from rentals.service import end_rental as end_rental_service`, called from an
    endpoint itself named `end_rental`: `to_thread(end_rental, ...)` would run the endpoint."""
    found = findings("aliased_calls", "UJ001", "rentals/service.py")
    for line in (5, 6, 7):
        fix = found[line].fix
        assert "asyncio.to_thread(end_rental_service, ...)" in fix, fix
        assert "to_thread(end_rental," not in fix, fix


def test_a_settings_answer_or_an_argument_is_no_memo_guard():
    """`if not (_cfg.is_mock_mode() or dry_run):` and `if not _cfg.is_mock_mode():` test a
    setting and an argument, which nothing under them fills: the sleep runs on every call."""
    found = findings("memo_guards", "UJ001", "catalog/settings.py")
    for line in (212, 218):
        message = found[line].message
        assert "first call only" not in message and "cache miss" not in message, message


def test_a_value_read_from_what_the_caller_passed_is_no_memo():
    """`row = rows.get(name)`, `text = row["text"]`, then `if not text:` with `rows` a
    parameter: the test asks about this call's data, so the fetch under it is per call."""
    found = findings("memo_guards", "UJ001", "catalog/hooks.py")
    assert "first call" not in found[44].message, found[44].message
    assert found[44].severity == Severity.ERROR


def test_a_logger_that_has_its_handlers_is_set_up_once():
    """`if not logger.hasHandlers():` reads the process's one logger of that name, as
    `if not logger.handlers:` does: what it adds is kept, so the set-up runs once."""
    found = findings("memo_guards", "UJ001", "catalog/forecasts.py")
    assert "on the first call only" in found[168].message, found[168].message


def test_a_stamp_tested_for_its_age_before_a_bare_return_is_a_memo():
    """`if _feed["data"] is not None and time.time() - _feed["at"] < 60: return`: the
    refresh after it runs once a minute, not on every request."""
    found = findings("memo_guards", "UJ003", "catalog/forecasts.py")
    assert 184 not in found, found[184].message


def test_a_setting_a_local_of_the_same_name_writes_is_no_memo():
    """`if config.preset_key: return config.preset_key` reads a setting no code fills: a
    route's local `config = Config()` then `config.preset_key = name` writes that local,
    not the global, so the read after the test runs on every call."""
    found = findings("memo_guards", "UJ001", "catalog/forecasts.py")
    assert "first call" not in found[206].message, found[206].message


def test_an_or_test_that_compares_a_parameter_is_no_memo():
    """`if limit <= 0 or not _stations:` runs its body whenever a caller passes a limit of
    0, filled or not: the read under it is per call, not first-call only."""
    found = findings("memo_guards", "UJ001", "catalog/forecasts.py")
    assert "first call" not in found[226].message, found[226].message
    # `if fetched is False or not path.exists():` — a local the call computed decides it too
    assert "first call" not in found[246].message, found[246].message


def test_a_cache_that_expires_its_entries_pays_again_at_each_expiry():
    """`if "all" in TICKERS: return TICKERS["all"]` with `TICKERS = TTLCache(ttl=60)`: the
    fetch is no first-call-only stall (it comes back every minute), and start-up cannot
    make it once."""
    found = findings("memo_guards", "UJ001", "catalog/hooks.py")
    assert "until the entry expires" in found[56].message, found[56].message
    assert "first call" not in found[56].message
    assert found[56].fix.endswith("refresh the cache from a background task before entries expire")


def test_route_labels_keep_the_prefix_of_a_router_with_a_stand_in_or_from_a_factory():
    """`try: from app.auth import router as auth_router` / `except ImportError: auth_router =
    APIRouter()`: the label is the imported router's; `v2_router = versioned_router()`, whose
    factory returns `APIRouter(prefix="/v2")`, keeps "/v2"; one whose prefix comes from the
    environment is "…", never a label that passes for the whole path."""
    root = CORPUS / "router_bindings"
    result = analyze(root, sorted(root.rglob("*.py")))
    labels = {(f.location.path, f.location.line): f.entry.route for f in result.findings}
    assert labels == {
        ("app/auth.py", 10): "POST /api/v1/auth/login",
        ("app/reports.py", 8): "GET /v2/reports",
        ("app/reports.py", 14): "GET …/exports",
    }, labels


def test_a_prefix_constant_of_a_module_known_by_several_names_is_read():
    """`from config.routes import prefix`, `config/` a folder with no `__init__.py` beside a
    `routes/` folder whose name `config/routes.py` also answers to: the constant is read from
    the module under its own name. A path constant both imported and bound again is not
    known (their order decides), so that route is not taken for the other's path."""
    root = CORPUS / "namespace_prefix"
    result = analyze(root, sorted(root.rglob("*.py")))
    labels = {f.location.path: f.entry.route for f in result.findings}
    assert labels == {
        "routes/pets.py": "GET /api/v1/pets",
        "routes/owners.py": "GET /api/v1…",
        "routes/vets.py": "GET /api/v1/vets",  # (`VETS` from `from config.paths import *`)
    }


def test_imports_from_above_a_namespace_app_folder_reach_the_packages_beside_it():
    """`from api.routes import router` in shop/app/main.py (app/ a namespace package run as
    `app.main` from shop/, which a stray `__init__.py` makes a package): the router and the
    prefix constant are shop/api's and shop/core's; desk/'s app, whose `core.checks` does
    not compile, cannot start."""
    root = CORPUS / "stray_backend"
    result = analyze(root, sorted(root.rglob("*.py")))
    shop = [f.entry.route for f in result.findings if f.location.path.startswith("shop/")]
    assert shop == ["GET /shop/orders"]
    (path, reason), *_ = result.unparsed
    assert path == "desk/core/checks.py" and "cannot start" in reason, reason


def test_a_namespace_folder_beside_the_app_package_is_imported_through():
    """`from internal.api.routes import router` in `app/service/main.py`, `internal/` (no
    `__init__.py`) beside the `app` package: the router is the one included, no prefix."""
    found = findings("namespace_app", "UJ001", "parser/internal/api/routes.py")
    assert [f.entry.route for f in found.values()] == ["POST /parse"]


def test_a_lambda_only_app_is_told_to_build_its_client_at_module_level():
    """Mangum runs the lifespan around every invocation, so "create it in lifespan" would
    build the client per request again; a warm container keeps what module level made."""
    found = findings("lambda_only", "UJ003", "videos/index.py")
    (client,) = found.values()
    assert client.fix.startswith("create the client once at module level"), client.fix
    assert "in lifespan" not in client.fix.split("—")[0], client.fix


def test_a_client_built_only_when_none_is_handed_is_the_route_s_that_hands_none():
    """`probe(url, client=None)` builds one under `if client is None:`: the routes that hand
    it the module's shared client — directly, or through a function's `client:
    httpx.AsyncClient` parameter — build nothing; only `GET /fanout/cold` does."""
    found = findings("client_paths", "UJ003", "relay/fanout.py")
    built = found[15]
    assert built.entry.route == "GET /fanout/cold", built.message
    assert "other entry point" not in built.message, built.message


def test_a_cache_stored_with_a_lifetime_pays_at_each_expiry_not_once():
    """`hit = kv.get(key)`, `if hit: return …`, then `kv.set(key, v, ex=1800)`, or a table
    tested for being unset or older than the clock allows: what the miss runs runs again when
    the entry expires; a logger's handlers, added by the code its early return skips, make
    that set-up a first-call stall."""
    found = findings("memo_guards", "UJ001", "catalog/expiring.py")
    # (the store's read itself, line 40, runs on every call; `plans()` tests its table for
    # being unset or older than five minutes: line 93)
    for line in (43, 44, 93):
        assert "until the entry expires" in found[line].message, found[line].message
        assert "first call only" not in found[line].message
    assert "first call" not in found[40].message and "cache miss" not in found[40].message
    assert "on the first call only" in found[52].message, found[52].message


def test_an_argument_never_none_decides_the_callee_s_none_test():
    """`scale(name, SCRATCH / f"{name}.png")`, or a local built so, never runs the body of
    `if output_path is None:` (which also rebinds the parameter to a path): only the route
    that leaves the argument out makes the folder."""
    found = findings("client_paths", "UJ001", "relay/thumbnails.py")
    assert found[17].entry.route == "POST /thumbs/default/{name}", found[17].message
    assert "other entry point" not in found[17].message, found[17].message


def test_a_cache_a_service_s_own_helpers_fill_with_a_lifetime_expires():
    """`cached = await self._get_from_cache(key)`, `if cached: return …`, then `await
    self._set_to_cache(key, result)`, whose body calls `setex`: the query runs again at each
    expiry, not on the first call only."""
    found = findings("memo_guards", "UJ001", "catalog/listeners.py")
    assert "until the entry expires" in found[38].message, found[38].message
    assert "first call only" not in found[38].message


def test_a_fallback_that_fills_the_cache_it_read_runs_on_a_miss():
    """`cached = await cache_service.get(…)`, `if cached: … else:` whose `else` stores back
    with `ttl_seconds=`: the blocking call there runs at each miss and expiry."""
    found = findings("memo_guards", "UJ001", "catalog/cache_aside.py")
    assert "until the entry expires" in found[42].message, found[42].message
    # (also when a request may skip the read: `None if refresh else await cache.get(…)`)
    assert "until the entry expires" in found[68].message, found[68].message
    # (a test and a store under a lock: `with self._lock: if kid in self._keys: return …`)
    assert "on a cache miss only" in found[86].message, found[86].message


def test_a_local_filled_from_what_a_call_makes_there_is_no_memo():
    """`sid = find_visitor(db, name)`, `if not sid: sid = create_visitor(db, name).id`: the
    attribute of a fresh call's answer is per call, so each new visitor pays the insert."""
    found = findings("memo_guards", "UJ001", "catalog/visitors.py")
    for line in (22, 23):
        assert "first call" not in found[line].message, found[line].message
        assert "cache miss" not in found[line].message, found[line].message
    # `if not store.get(db, name=name): store.create(db, name=name)`: a get-or-create, the
    # table keeping the row — no cache to warm
    for line in (41, 42, 61, 62):
        assert "not stored yet" in found[line].message, found[line].message
        assert "warm the cache" not in found[line].fix, found[line].fix


def test_a_client_built_with_the_token_a_request_code_bought_is_kept_per_user():
    """`flow.fetch_token(code=code)` keeps on the flow the token the request's code buys, so
    `build(..., credentials=flow.credentials)` is that user's client: not one to share."""
    found = findings("connection_tests", "UJ003", "hookdesk/routers/oauth.py")
    assert "from what the request sends: `code`" in found[17].message, found[17].message
    assert "keyed by those settings" in found[17].fix and "lifespan" not in found[17].fix
    exchange = findings("connection_tests", "UJ001", "hookdesk/routers/oauth.py")[16]
    assert "flow.fetch_token" in exchange.fix, exchange.fix


def test_a_call_whose_argument_names_a_missing_enum_member_is_never_made():
    """`send_alert(AlertKind.LOGIN_FAILED, to)`, an enum without that member: AttributeError
    while the arguments are evaluated, so the SMTP calls inside are reached from the other
    route only."""
    found = findings("always_raises", "UJ001", "clinic/alerts.py")
    for line in (18, 19):
        assert found[line].entry.route == "POST /alerts/locked", found[line].entry
        assert "also reached" not in found[line].message, found[line].message


def test_a_function_handed_to_another_is_moved_off_the_loop_with_it():
    """`respond(path, read_body)`: `respond` calls `read_body`, so the fix hands `respond`
    to the thread, not a `read_body` call the endpoint never makes."""
    found = findings("call_following", "UJ001", "src/notify/routes/builders.py")
    fix = found[10].fix
    assert "`await asyncio.to_thread(respond, ...)`" in fix, fix
    assert "to_thread(read_body" not in fix, fix


def test_a_client_built_with_a_proxy_chosen_as_it_is_built_is_kept_per_proxy():
    """`httpx.AsyncClient(proxy=pick_proxy())`: one shared client would pin one proxy, so
    the fix keeps a client per proxy."""
    found = findings("client_paths", "UJ003", "relay/proxies.py")
    # built right there, and in a helper handed the proxy a caller's local chose
    for line in (19, 25):
        assert "through the proxy `pick_proxy()` gives" in found[line].message, found[line]
        assert "a client per proxy" in found[line].fix, found[line].fix
        assert "create the client once" not in found[line].fix, found[line].fix


def test_a_guard_on_an_object_imported_inside_the_function_is_a_memo():
    """`from catalog.devices import hw` in the function, then `if not hw.specs:`: the
    module's one object, filled by the first call's `detect()`."""
    (found,) = findings("memo_guards", "UJ001", "catalog/devices.py").values()
    assert "on the first call only" in found.message, found.message


def test_a_cache_its_loader_judges_by_the_clock_expires():
    """`cached = load_cached_quiz()`, whose loader gives back nothing once the file's date is
    not today's: the model is asked again each day (a miss per expiry). A loader with no
    clock keeps what it read: the first call only."""
    found = findings("memo_guards", "UJ001", "catalog/daily.py")
    for line in (30, 36):
        assert "until the entry expires" in found[line].message, found[line].message
    assert "on the first call only" in found[58].message, found[58].message


def test_a_sqlite3_cursor_is_moved_off_the_loop_with_its_connection():
    """A cursor serves only the thread that opened its connection: the fix never hands its
    method alone to a worker thread (`run_in_threadpool(cur.fetchall)` raises
    ProgrammingError), but moves the connecting and the querying together."""
    found = findings("catalogue_tour", "UJ001", "tour/data.py")
    for line in (74, 75):
        assert "run_in_threadpool" not in found[line].fix, found[line].fix
        assert "connect and query in one function" in found[line].fix, found[line].fix


def test_a_memo_its_caller_drops_and_fetches_again_is_no_first_call_stall():
    """`_keys = None` under `global _keys` in the endpoint, then `signing_keys()` again: an
    unknown key id refetches the keys, so the fetch is no first-call-only stall."""
    found = findings("memo_guards", "UJ001", "catalog/daily.py")
    assert "first call" not in found[70].message, found[70].message
    assert found[70].severity == Severity.ERROR


def test_a_dict_asked_with_get_and_filled_on_the_miss_is_a_cache_per_key():
    """`if price_cache.get(k): … else: …; price_cache[k] = v`, and `hit = fee_cache.get(k)`,
    `if hit: … else: … fee_cache[k] = v`: the fetch runs on a miss, once per key."""
    found = findings("memo_guards", "UJ001", "catalog/daily.py")
    for line in (94, 105):
        assert "on a cache miss only" in found[line].message, found[line].message


def test_a_router_built_twice_serves_its_routes_under_the_last_prefix():
    """`router = APIRouter(prefix="/parsing")`, then `router = APIRouter(prefix="/feedback")`:
    the include takes the last router, so the route is `POST /feedback/send/{item_id}`."""
    found = findings("rebound_app", "UJ005", "rates/feedback.py")
    assert found[13].entry.route == "POST /feedback/send/{item_id}", found[13].entry.route


def test_a_repository_handed_to_an_inherited_constructor_is_followed():
    """`NavService(NavRepository())`, NavService inheriting `BaseService.__init__(self,
    repo)`: `self.repo.add(...)` is NavRepository's, whose flush is a second round trip."""
    found = findings("injected_repos", "UJ005", "clinic/services.py")
    assert "2 or more places" in found[23].message, found[23].message
    assert "Session.flush" in found[23].message, found[23].message


def test_a_value_stored_beside_the_time_it_was_fetched_expires():
    """`if cls._cache and now - cls._fetched_at < TTL: return cls._cache`, the miss storing
    `cls._fetched_at = now`; and the same with module globals: refreshed at each expiry."""
    found = findings("memo_guards", "UJ001", "catalog/daily.py")
    for line in (123, 136):
        assert "until the entry expires" in found[line].message, found[line].message


def test_a_router_included_through_cast_keeps_its_prefix():
    """`app.include_router(cast(Any, sensors))` includes `sensors`: its route is served under
    its own prefix, not an unread one."""
    found = findings("cast_include", "UJ005", "main.py")
    assert found[17].entry.route == "GET /sensors/{sid}", found[17].entry.route


def test_a_flag_set_beside_the_value_it_guards_is_a_memo():
    """`if _model_loaded: return _model`, the miss setting both, and the same through `self`
    on the process's one instance: the fetch runs on the first call only."""
    found = findings("memo_guards", "UJ001", "catalog/daily.py")
    for line in (154, 167):
        assert "on the first call only" in found[line].message, found[line].message


def test_a_setting_read_from_app_state_is_a_switch_unless_the_function_fills_it():
    """`factory = getattr(request.app.state, "job_factory", None)`, `if factory is not None:
    return await factory()`: start-up sets it or not, so the fallback runs on every call where
    it is unset; the same read of a client the function stores there itself is a memo."""
    found = findings("memo_guards", "UJ001", "catalog/daily.py")
    assert "first call" not in found[188].message, found[188].message
    assert "on the first call only" in found[196].message, found[196].message


def test_a_finding_names_smtp_ssl_as_the_code_builds_it():
    """`smtplib.SMTP_SSL(...)` and its `login` are named as SMTP_SSL's, not SMTP's."""
    found = findings("catalogue_tour", "UJ001", "tour/network.py")
    assert found[55].blocker == "smtplib.SMTP_SSL", found[55]
    assert found[56].blocker == "smtplib.SMTP_SSL.login", found[56]


_SQLITE_SETTINGS_APP = """
from fastapi import Depends, FastAPI
from pydantic_settings import BaseSettings
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker


class Settings(BaseSettings):
    database_url: str = "sqlite:///./local.db"


engine = create_engine(Settings().database_url)
SessionLocal = sessionmaker(bind=engine)


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


def current_user(db: Session = Depends(get_db)):
    return db.execute(text("select 1")).first()


app = FastAPI()


@app.get("/me")
async def me(user=Depends(current_user)):
    return {"ok": True}
"""


def test_a_commented_out_database_url_names_no_server(tmp_path):
    """`# For PostgreSQL: postgresql://…` in a `.env.example` is a note, not a database the
    deployment may name: the settings' SQLite URL stands, and its session's calls are no
    network round trips; an uncommented one may be."""
    (tmp_path / "main.py").write_text(_SQLITE_SETTINGS_APP)
    (tmp_path / "requirements.txt").write_text("fastapi\nsqlalchemy\npydantic-settings\n")
    env = tmp_path / ".env.example"
    env.write_text("DATABASE_URL=sqlite:///./local.db\n# For PostgreSQL: postgresql://u:p@h/db\n")
    codes = [f.code for f in analyze(tmp_path, [tmp_path / "main.py"]).findings]
    assert "UJ005" not in codes, codes
    env.write_text("DATABASE_URL=postgresql://u:p@h/db\n")
    codes = [f.code for f in analyze(tmp_path, [tmp_path / "main.py"]).findings]
    assert "UJ005" in codes, codes


def test_a_name_the_service_s_own_module_lacks_is_named_there(tmp_path):
    """Where the root's `core` package lacks `database` and the service's own `core/`
    (no `__init__.py`) holds a `database.py` without `SessionLocal`, the import fails with
    `cannot import name`: the reason names that file, not a module missing from disk."""
    root = tmp_path / "nested_service"
    shutil.copytree(CORPUS / "nested_service", root)
    database = root / "api backend" / "core" / "database.py"
    database.write_text('from sqlalchemy import create_engine\n\nengine = create_engine("x")\n')
    result = analyze(root, sorted(root.rglob("*.py")))
    reasons = dict(result.unparsed)
    assert "defines no `SessionLocal`" in reasons["api backend/core/database.py"], reasons


_COOKIE_SESSIONS_APP = """
import logging

import aiohttp
from fastapi import FastAPI, Request

app = FastAPI()
JARS: dict = {}
AUTH = {"Authorization": "Bearer service-key"}
log = logging.getLogger(__name__)


@app.get("/captcha/{cid}")
async def captcha(cid: str):
    async with aiohttp.ClientSession() as visit:
        async with visit.get("https://portal.example/captcha") as page:
            body = await page.read()
        JARS[cid] = {c.key: c.value for c in visit.cookie_jar}
    return body


@app.post("/login/{cid}")
async def login(cid: str):
    async with aiohttp.ClientSession(cookies=JARS[cid]) as visit:
        async with visit.post("https://portal.example/login") as reply:
            return await reply.json()


@app.get("/weather")
async def weather():
    async with aiohttp.ClientSession() as session:
        async with session.get("https://weather.example/now") as reply:
            return await reply.json()


@app.post("/refresh")
async def refresh(request: Request):
    csrf = request.cookies.get("XSRF-TOKEN")  # the request's cookie, no session's jar
    async with aiohttp.ClientSession() as session:
        async with session.post("https://portal.example/token", json={"csrf": csrf}) as reply:
            return await reply.json()


@app.get("/proxy")
async def proxy(url: str, request: Request):
    forwarded = {"Cookie": request.headers["cookie"]} if "cookie" in request.headers else {}
    async with aiohttp.ClientSession() as upstream:
        async with upstream.get(url, headers=forwarded) as reply:
            return await reply.text()


@app.post("/hooks/{job_id}")
async def hook(job_id: str, request: Request):
    log.info(f"hook {job_id}: {dict(request.headers)}")  # logged, not forwarded
    async with aiohttp.ClientSession() as upstream:
        async with upstream.put(f"https://jobs.example/{job_id}", headers=AUTH) as reply:
            return await reply.json()


@app.post("/auth/{path:path}")
async def auth_proxy(path: str, request: Request):
    kept = {k: v for k, v in request.headers.items() if k.lower() in {"cookie", "accept"}}
    async with aiohttp.ClientSession() as upstream:
        async with upstream.post(f"https://auth.example/{path}", headers=kept) as reply:
            return await reply.json()
"""


def test_a_session_keeping_one_user_s_cookies_is_fixed_by_sharing_its_connections(tmp_path):
    """A session built with `cookies=`, or whose `cookie_jar` is read back, holds one user's
    cookies: the fix keeps a session per request and shares the connector; so does one
    that forwards its caller's Cookie header, alone or among the headers it copies (a proxy:
    its jar keeps what the upstream sets for that caller); a plain one is fixed by sharing the session."""
    (tmp_path / "main.py").write_text(_COOKIE_SESSIONS_APP)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    fixes = {f.entry.route: f.fix for f in result.findings if f.code == "UJ003"}
    for route in (
        "GET /captcha/{cid}",
        "POST /login/{cid}",
        "GET /proxy",
        "POST /auth/{path:path}",
    ):
        assert fixes[route].startswith("the session keeps one user's cookies"), fixes
    assert "cookies" not in fixes["GET /weather"], fixes
    assert "cookies" not in fixes["POST /refresh"], fixes  # (it reads the request's cookies)
    assert "cookies" not in fixes["POST /hooks/{job_id}"], fixes  # (it logs its headers)


def test_a_factory_no_launcher_names_serves_nothing_beside_a_served_app(tmp_path):
    """Without the Dockerfile that runs `--factory ops.health:create_health_app`, nothing
    runs that factory: its app is the tests' alone, so its route is not checked."""
    root = tmp_path / "test_only_factories"
    shutil.copytree(CORPUS / "test_only_factories", root)
    paths = {f.location.path for f in analyze(root, sorted(root.rglob("*.py"))).findings}
    assert "ops/health.py" in paths, paths
    (root / "Dockerfile.health").unlink()
    paths = {f.location.path for f in analyze(root, sorted(root.rglob("*.py"))).findings}
    assert "ops/health.py" not in paths and "service/app.py" in paths, paths


def test_pandas_writing_an_excel_writer_over_a_buffer_is_cpu_work():
    """`df.to_excel(writer)` where `writer = pd.ExcelWriter(BytesIO())`: no file is written."""
    found = findings("catalogue_tour", "UJ001", "tour/data.py")
    assert found[111].kind == "cpu", found[111]


_AWAITS_NOTHING_APP = """
import asyncio
import functools

from fastapi import Depends, FastAPI
from fastapi.responses import StreamingResponse
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

SessionLocal = sessionmaker(bind=create_engine("postgresql://shop@db/shop"))
app = FastAPI()


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.get("/items/{item_id}")
async def read_item(item_id: int, db: Session = Depends(get_db)):
    return db.execute(text("SELECT 1")).all()


@app.get("/other")
async def other(db: Session = Depends(get_db)):
    rows = db.execute(text("SELECT 2")).all()
    await notify(rows)
    return rows


async def notify(rows):
    return None


def start_warmup():
    asyncio.create_task(notify([]))


@app.get("/warm")
async def warm(db: Session = Depends(get_db)):
    rows = db.execute(text("SELECT 3")).all()
    start_warmup()
    return rows


def check_roles(func):
    @functools.wraps(func)
    async def wrapper(*args, **kwargs):
        return await func(*args, **kwargs)

    return wrapper


@app.get("/guarded")
@check_roles
async def guarded(db: Session = Depends(get_db)):
    return db.execute(text("SELECT 4")).all()


async def rows_as_lines(db: Session):
    for row in db.execute(text("SELECT 5")).all():
        yield str(row)


@app.get("/streamed")
async def streamed(db: Session = Depends(get_db)):
    lines = rows_as_lines(db)
    return StreamingResponse(lines)
"""


def test_an_async_endpoint_that_awaits_nothing_is_offered_a_plain_def(tmp_path):
    """`async def read_item` only calls a sync session: the one-line fix is `def`, which
    FastAPI runs in the thread pool; `other` awaits, so it is not offered that, nor `warm`,
    whose sync helper calls `asyncio.create_task` (RuntimeError in a worker thread), nor
    `guarded`, whose async decorator awaits it (a `def` would hand it a list to await), nor
    `streamed`, whose query runs in the async generator it hands to StreamingResponse (on
    the loop whatever the endpoint is)."""
    (tmp_path / "main.py").write_text(_AWAITS_NOTHING_APP)
    fixes = {
        f.entry.name: f.fix
        for f in analyze(tmp_path, [tmp_path / "main.py"]).findings
        if f.code == "UJ001"
    }
    assert "as `read_item` awaits nothing, make it a plain `def`" in fixes["read_item"], fixes
    for name in ("other", "warm", "guarded", "streamed"):
        assert "plain `def`" not in fixes[name], fixes


def test_a_route_is_labelled_by_the_app_a_launcher_runs(tmp_path):
    """A router two apps include, at `/api/items` in the app backend/Dockerfile runs and at
    the root in a draft copy of main.py: the route's label is the served one, and stays so
    without the Dockerfile (the app in the router's own package comes first)."""
    root = tmp_path / "draft_copies"
    shutil.copytree(CORPUS / "draft_copies", root)
    for _ in range(2):
        found = analyze(root, sorted(root.rglob("*.py"))).findings
        assert [f.entry.route for f in found] == ["POST /api/items/refresh"], found
        (root / "backend" / "Dockerfile").unlink(missing_ok=True)


_TWO_CLIENTS_APP = """
import anthropic
import openai
from fastapi import FastAPI

app = FastAPI()


def probe(key: str, kind: str) -> bool:
    if kind == "claude":
        client = anthropic.Anthropic(api_key=key)
        client.messages.create(model="m", max_tokens=1, messages=[])
    else:
        client = openai.OpenAI(api_key=key)
        client.chat.completions.create(model="m", messages=[])
    return True


@app.post("/probe")
async def probe_key(key: str, kind: str):
    return probe(key, kind)
"""


def test_a_local_built_in_two_branches_is_typed_by_the_branch_of_the_call(tmp_path):
    """`client` is an Anthropic client in one branch and an OpenAI one in the other: the
    call through `client.chat.completions` is OpenAI's, and its fix names OpenAI's client."""
    (tmp_path / "main.py").write_text(_TWO_CLIENTS_APP)
    found = analyze(tmp_path, [tmp_path / "main.py"]).findings
    blockers = {f.location.line: f.blocker for f in found if f.code == "UJ001"}
    assert blockers == {12: "anthropic.Resource.create", 15: "openai.Resource.create"}, found


def test_routers_whose_launched_app_is_not_in_the_project_are_not_served(tmp_path):
    """The Dockerfile starts `main:app`, but a commit deleted main.py: no app serves the
    routers, which the report says of the Dockerfile (exit status 3) instead of checking
    their routes as a library's; with a main.py that builds no app they are a library's."""
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "__init__.py").write_text("")
    (tmp_path / "tables" / "routes.py").write_text(
        "import time\nfrom fastapi import APIRouter\n\nrouter = APIRouter()\n\n\n"
        '@router.get("/tables")\nasync def tables():\n    time.sleep(1)\n    return []\n'
    )
    (tmp_path / "Dockerfile").write_text(
        'FROM python:3.12\nCOPY . .\nCMD ["uvicorn", "main:app", "--host", "0.0.0.0"]\n'
    )
    result = analyze(tmp_path, sorted(tmp_path.rglob("*.py")))
    assert not result.findings, result.findings
    assert [path for path, _reason in result.unparsed] == ["Dockerfile"], result.unparsed
    assert "no main.py is in the project" in result.unparsed[0][1], result.unparsed
    (tmp_path / "main.py").write_text("print('not an app')\n")
    result = analyze(tmp_path, sorted(tmp_path.rglob("*.py")))
    assert [f.location.line for f in result.findings] == [9] and not result.unparsed, result


_PROMPTS_UNDER_A_TTL_CACHE = """
from functools import cache
from pathlib import Path

from cachetools import TTLCache
from fastapi import FastAPI

app = FastAPI()
_drafts = TTLCache(maxsize=256, ttl=600)


@cache
def prompt_text(name: str) -> str:
    return Path(f"prompts/{name}.md").read_text()


def compose(topic: str) -> str:
    return prompt_text("draft") + topic


def draft(topic: str) -> str:
    if topic in _drafts:
        return _drafts[topic]
    text = compose(topic)
    _drafts[topic] = text
    return text


@app.get("/drafts/{topic}")
async def get_draft(topic: str):
    return draft(topic)
"""


def test_a_cache_that_keeps_its_entries_bounds_one_that_expires_around_it(tmp_path):
    """The draft cache expires, but the prompt file is read under `functools.cache`, which
    keeps what it read: once per prompt name, not again at each expiry."""
    (tmp_path / "main.py").write_text(_PROMPTS_UNDER_A_TTL_CACHE)
    found = analyze(tmp_path, [tmp_path / "main.py"]).findings
    messages = [f.message for f in found if f.code == "UJ001"]
    assert len(messages) == 1 and "cached per key: each new key pays again" in messages[0], found


def test_a_member_an_instance_s_method_is_called_with_decides_its_branch():
    """`center.notify(Channel.IN_APP, ...)` on a module-level instance binds `self`, so the
    member is the `channel` the method tests: only the settlement route reaches the mail."""
    found = findings("member_dispatch", "UJ001", "main.py")
    assert {f.entry.route for f in found.values()} == {"PUT /bids/{bid_id}/settle"}, found


_GET_OR_CREATE_APP = """
from fastapi import Depends, FastAPI
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from models import Term, Turf

SessionLocal = sessionmaker(bind=create_engine("postgresql://terms@db/terms"))
app = FastAPI()


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.post("/terms")
def create_term(name: str, turf_name: str, db: Session = Depends(get_db)):
    turf = db.query(Turf).filter(Turf.name == turf_name).first()
    if not turf:
        turf = Turf(name=turf_name)
        db.add(turf)
        db.commit()
        db.refresh(turf)
    term = Term(name=name, turf_id=turf.id)
    db.add(term)
    db.commit()
    return {"id": term.id}
"""

_GET_OR_CREATE_MODELS = """
from sqlalchemy import Column, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


class Turf(Base):
    __tablename__ = "turfs"
    id = Column(Integer, primary_key=True)
    name = Column(String)


class Term(Base):
    __tablename__ = "terms"
    id = Column(Integer, primary_key=True)
    name = Column(String)
    turf_id = Column(Integer, ForeignKey("turfs.id"))
"""


def test_a_get_or_create_s_calls_count_among_a_sync_piece_s_round_trips(tmp_path):
    """`if not turf: … db.commit(); db.refresh(turf)`: the row a request finds missing is
    made by that request, so those round trips hold its token too (not once per process)."""
    (tmp_path / "main.py").write_text(_GET_OR_CREATE_APP)
    (tmp_path / "models.py").write_text(_GET_OR_CREATE_MODELS)
    result = analyze(tmp_path, [tmp_path / "main.py", tmp_path / "models.py"])
    (pool,) = [f for f in result.findings if f.code == "UJ005" and "places" in f.message]
    assert "(4 or more places on its paths" in pool.message, pool.message


def test_each_closure_a_factory_makes_is_a_dependency_of_its_own():
    """`get_book_repo = make_repo(Book)` and `get_author_repo = make_repo(Author)` are two
    functions, which FastAPI runs one trip each; an alias of one is that one."""
    found = findings("closure_dependencies", "UJ005", "main.py")
    assert "makes 4 trips" in found[43].message, found[43].message


def test_a_test_of_an_attribute_nothing_stores_is_no_memo():
    """`if self.public_key: return self.public_key`, then a file read whose result nothing
    keeps: the read runs on every call, not on the first one only."""
    found = findings("memo_guards", "UJ001", "catalog/settings.py")
    assert "first call" not in found[266].message, found[266].message
    assert found[266].severity == Severity.ERROR


_UPLOADS_APP = """
import json
import shutil

import pytest

import httpx
from fastapi import FastAPI, UploadFile

app = FastAPI()
client = httpx.AsyncClient()


@app.post("/upload")
async def upload(file: UploadFile):
    await file.seek(0)
    with open(f"uploads/{file.filename}", "wb") as buffer:
        shutil.copyfileobj(file.file, buffer)


@app.post("/meta")
async def meta(file: UploadFile):
    data = await file.read()
    with open("meta.json", "w") as out:
        json.dump({"size": len(data)}, out)


@app.post("/raw")
async def raw(file: UploadFile):
    data = await file.read()
    with open(f"uploads/{file.filename}", "wb") as out:
        out.write(data)


@app.post("/copy")
async def copy(file: UploadFile):
    await file.seek(0)
    with open("notes.txt") as out:
        text = out.read()
    with open("notes.json", "w") as out:
        json.dump({"text": text}, out)
    with open("notes.json") as out:
        raw = out.read()
    with open("notes.json") as out:
        json.load(out)
    return raw


@app.post("/forward")
async def forward(file: UploadFile):
    await file.seek(0)
    with open("scan.pdf", "rb") as scan:
        await client.post("https://ocr.example.com", files={"file": scan})


@app.post("/forward-kwargs")
async def forward_kwargs(file: UploadFile):
    await file.seek(0)
    with open("scan.pdf", "rb") as scan:
        kwargs = {"files": {"file": scan}, "data": {"lang": "en"}}
        await client.post("https://ocr.example.com", **kwargs)
"""


def test_an_open_file_handed_to_a_sync_call_leaves_the_loop_with_it(tmp_path):
    """`with open(p, "wb") as buffer: shutil.copyfileobj(src, buffer)`: an aiofiles or anyio
    file cannot be handed to copyfileobj (nor to json.dump), so the fix moves both off the
    loop together; a file written through its own methods keeps the async-file fix."""
    (tmp_path / "main.py").write_text(_UPLOADS_APP)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    fixes = {
        f.entry.route: f.fix
        for f in result.findings
        if f.code == "UJ001" and f.blocker == "builtins.open"
    }
    assert fixes["POST /upload"].startswith("open it and call `shutil.copyfileobj`"), fixes
    assert fixes["POST /meta"].startswith("open it and call `json.dump`"), fixes
    assert fixes["POST /raw"].startswith("use aiofiles"), fixes
    # (the name `out` bound again: each file is judged by what its own block hands on)
    by_line = {
        f.location.line: f.fix
        for f in result.findings
        if f.code == "UJ001" and f.entry.route == "POST /copy" and f.blocker == "builtins.open"
    }
    assert [fix.startswith("use aiofiles") for _, fix in sorted(by_line.items())] == [
        True,
        False,
        True,  # (the same `open(...)` text again, read through its own methods)
        False,
    ], by_line
    assert fixes["POST /forward"].startswith("read the file's bytes off the loop"), fixes
    assert fixes["POST /forward-kwargs"].startswith("read the file's bytes off the loop"), fixes


def test_a_class_based_view_solves_its_class_attributes_and_builds_the_view():
    """`@cbv(router)` (and a project's copy of it): each endpoint's `self` is `Depends(View)`,
    so the class attributes' `Depends(...)` (bases' first) run, then the view is built in
    the thread pool — four trips for a `def` endpoint whose view needs a sync session and a
    sync translator (the household lookup is async)."""
    found = findings("class_views", "UJ005", "pantry/routes/shelves.py")
    for line in (14, 27):
        pieces = found[line].details["sync_pieces"]
        view = "ShelfController" if line == 14 else "LabelController"
        assert pieces == ["get_session", "translator", view, f"{view}.get_all"], pieces
        assert "4 trips" in found[line].message, found[line].message


def test_a_driver_only_an_extra_names_is_installed_where_an_image_installs_that_extra(tmp_path):
    """sqlite_env_extras's psycopg is only an extra, so its sessions read a local file; a
    Dockerfile elsewhere in the repository that installs that extra (docker/Dockerfile:
    `pip install ".[postgres]"`) makes the environment's URL possibly PostgreSQL's: the
    sessions' calls are network round trips again."""
    root = tmp_path / "sqlite_env_extras"
    shutil.copytree(CORPUS / "sqlite_env_extras", root)
    before = analyze(root, sorted(root.rglob("*.py")))
    assert not [f for f in before.findings if f.code == "UJ005"], before.findings
    (root / "docker").mkdir()
    (root / "docker" / "Dockerfile").write_text(
        'FROM python:3.12-slim\nCOPY . /app\nRUN pip install "/app[postgres]"\n'
    )
    after = analyze(root, sorted(root.rglob("*.py")))
    network = [f for f in after.findings if f.code == "UJ005" and "network" in f.message]
    assert network, after.findings


def test_a_flag_set_back_to_false_elsewhere_guards_no_memo():
    """`if not self.is_connected: self.connect()` with a disconnect callback setting the flag
    back to False: the connect runs again after every drop, not on the first call only; a
    flag nothing resets stays a first-call memo."""
    found = findings("memo_guards", "UJ001", "catalog/brokers.py")
    assert "first call" not in found[22].message, found[22].message
    assert "on the first call only" in found[36].message, found[36].message


def test_a_coroutine_a_helper_hands_to_asyncio_run_runs_on_a_loop_of_its_own():
    """`run_coroutine(fetch_batch(urls))`, whose body hands its parameter to `asyncio.run`:
    the per-request async client lives on the worker thread's own loop, so its fix is a sync
    client, not one shared client."""
    root = CORPUS / "call_following"
    result = analyze(root, sorted(root.rglob("*.py")))
    batch = [f for f in result.findings if "bridge_batch" in f.message]
    assert [f.code for f in batch] == ["UJ003"], [f.message for f in batch]
    assert batch[0].fix.startswith("create a sync client once"), batch[0].fix


def test_a_file_loaded_by_a_fixed_path_is_part_of_the_program(tmp_path):
    """`spec_from_file_location("views", os.path.join(os.path.dirname(__file__), "views.py"))`
    loads that one file, as an import would: the router it declares is the program's (its
    include, through the loaded module object, is one unjam cannot follow), while a router
    in a file nothing loads serves nothing."""
    app = tmp_path / "app"
    app.mkdir()
    (app / "__init__.py").write_text("")
    (app / "main.py").write_text(
        "import importlib.util\nimport os\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n"
        'views_path = os.path.join(os.path.dirname(__file__), "views.py")\n'
        'spec = importlib.util.spec_from_file_location("views", views_path)\n'
        "views = importlib.util.module_from_spec(spec)\nspec.loader.exec_module(views)\n"
        "app.include_router(views.router)\n"
    )
    route = (
        "import time\n\nfrom fastapi import APIRouter\n\nrouter = APIRouter()\n\n\n"
        '@router.get("/{name}")\nasync def page(name: str):\n    time.sleep(1)\n'
    )
    (app / "views.py").write_text(route.replace("{name}", "views/{name}"))
    (app / "unloaded.py").write_text(route.replace("{name}", "old/{name}"))
    result = analyze(tmp_path, sorted(tmp_path.rglob("*.py")))
    paths = {f.location.path for f in result.findings if f.code == "UJ001"}
    assert paths == {"app/views.py"}, paths


def test_an_endpoint_another_coroutine_awaits_is_not_told_to_become_a_plain_def(tmp_path):
    """`page` awaits `list_items(db=db)`: as a `def`, `list_items` would hand `page` a row to
    await (TypeError), so its fix offers no plain `def`."""
    (tmp_path / "main.py").write_text(_AWAITED_ENDPOINT_APP)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    fixes = {f.entry.name: f.fix for f in result.findings if f.code == "UJ001"}
    assert "plain `def`" not in fixes["list_items"], fixes


_AWAITED_ENDPOINT_APP = """
from fastapi import Depends, FastAPI
from sqlalchemy import create_engine, text
from sqlalchemy.orm import Session, sessionmaker

app = FastAPI()
SessionLocal = sessionmaker(bind=create_engine("postgresql://shop@db/shop"))


def get_db():
    with SessionLocal() as db:
        yield db


@app.get("/api/items")
async def list_items(db: Session = Depends(get_db)):
    return db.execute(text("select count(*) from items")).scalar()


@app.get("/items")
async def page(db: Session = Depends(get_db)):
    return {"count": await list_items(db=db)}
"""


def test_fastapi_refuses_a_route_whose_return_annotation_unions_a_response():
    """What union_response_model's markers say, with the FastAPI installed here: its auth
    app raises FastAPIError as it loads; its gateway app, with `response_model=None`, a bare
    `JSONResponse` and an `Optional[dict]`, loads."""
    import runpy

    from fastapi.exceptions import FastAPIError

    root = CORPUS / "union_response_model"
    with pytest.raises(FastAPIError):
        runpy.run_path(str(root / "auth" / "app.py"))
    assert "app" in runpy.run_path(str(root / "gateway" / "app.py"))


@pytest.mark.parametrize(
    ("image", "to_thread", "dockerfile"),
    [
        ("python:3.8-slim", False, "Dockerfile"),
        ("python:3.12", True, "Dockerfile"),
        ("python:3.8.1", False, "dockerfile"),  # (as Heroku's heroku.yml may name it)
    ],
)
def test_a_project_deployed_on_python_3_8_is_not_told_to_use_asyncio_to_thread(
    tmp_path, image, to_thread, dockerfile
):
    """`asyncio.to_thread` came with Python 3.9: under a Dockerfile `FROM python:3.8-slim`
    the fix names `run_in_threadpool` alone."""
    (tmp_path / "main.py").write_text(
        "import time\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        "def slow():\n    time.sleep(1)\n\n\n"
        '@app.get("/")\nasync def home():\n    slow()\n'
    )
    (tmp_path / dockerfile).write_text(f"FROM {image}\nCOPY . /app\n")
    result = analyze(tmp_path, [tmp_path / "main.py"])
    (fix,) = [f.fix for f in result.findings if f.code == "UJ001"]
    assert ("asyncio.to_thread" in fix) is to_thread, fix
    assert "run_in_threadpool" in fix, fix


def test_a_ttl_memo_returning_a_copy_of_the_kept_value_is_a_cache():
    """`if _regions_file and now - _regions_at < 300: return copy.deepcopy(_regions_file)`:
    the file is read once per expiry, not on every request."""
    found = findings("memo_guards", "UJ001", "catalog/cities.py")
    (line,) = [n for n, f in found.items() if f.blocker == "pathlib.Path.read_text"]
    assert "on a cache miss only" in found[line].message, found[line].message


def test_a_plain_def_fix_names_the_executor_a_fastapi_before_0_69_runs_it_in(tmp_path):
    """Under `fastapi==0.61.1` a `def` endpoint runs in asyncio's default executor, not under
    anyio's tokens: the plain-`def` alternative says so."""
    (tmp_path / "main.py").write_text(
        "import time\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        '@app.get("/")\nasync def home():\n    time.sleep(1)\n'
    )
    (tmp_path / "requirements.txt").write_text("fastapi==0.61.1\n")
    result = analyze(tmp_path, [tmp_path / "main.py"])
    (fix,) = [f.fix for f in result.findings if f.code == "UJ001"]
    assert "a thread of asyncio's default executor per request" in fix, fix


def test_a_task_started_at_two_lines_of_one_function_is_one_entry_point():
    """`add_channel` starts `index_channel` in both of its branches: one background task, so
    its finding names no other entry point."""
    found = findings("offload", "UJ001", "jobs/api.py")
    (line,) = [n for n, f in found.items() if "index_channel" in f.message]
    assert "other entry point" not in found[line].message, found[line].message


def test_fixes_fit_directory_listings_and_startup_handlers(tmp_path):
    """`os.scandir` reads entries as it is iterated: its fix lists them in the thread; an
    aiohttp session's fix names startup handlers beside lifespan (a `lifespan=` would turn
    an app's `on_event` handlers off)."""
    (tmp_path / "main.py").write_text(
        "import os\n\nimport aiohttp\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        '@app.get("/files")\nasync def files():\n    return [e.name for e in os.scandir("/data")]\n\n\n'
        '@app.get("/ping")\nasync def ping():\n    async with aiohttp.ClientSession() as s:\n'
        '        return (await s.get("http://x")).status\n'
    )
    result = analyze(tmp_path, [tmp_path / "main.py"])
    fixes = {f.code: f.fix for f in result.findings}
    assert "lambda: [e.name for e in os.scandir(path)]" in fixes["UJ001"], fixes
    assert '`@app.on_event("startup")` handlers' in fixes["UJ003"], fixes


def test_a_sync_wrapper_s_calls_count_on_the_endpoint_s_trip():
    got = findings("wrapper_calls", "UJ005", "search/main.py")
    assert "2 or more places on its paths" in got[13].message
    assert "redis.Redis.evalsha" in got[13].message


def test_relative_imports_under_a_folder_no_import_can_spell_are_followed():
    """survey-backend/app/ has no `__init__.py`: `items` is named `items` alone, and its
    `from ..services.audit import record` is found from the file."""
    got = findings("hyphen_relative", "UJ005", "survey-backend/app/routes/items.py")
    assert "2 or more places" in got[11].message, got[11].message
    assert "POST /api/items" in got[11].message, got[11].message


def test_a_file_every_loader_names_is_downloaded_once_and_one_per_request_each_time():
    """`Tagger` is built per request, but its `self.weights` is a path written in the code:
    the download its missing file makes is a first-call stall; `Mirror`'s target comes from
    its argument, so the same download, reached from its route, is per-request work."""
    found = findings("memo_guards", "UJ001", "catalog/weights.py")
    assert "on the first call only" in found[20].message, found[20].message
    assert "on the first call only" not in found[16].message, found[16].message
    assert "`mirror`" in found[16].message, found[16].message


def test_an_engine_built_from_a_spread_dict_of_a_sqlite_url_makes_no_round_trips(tmp_path):
    """`create_engine(**db_kwargs)` with `db_kwargs = {"url": f"sqlite:///…", …}`: the URL is
    SQLite's, so the sessions' calls are file I/O, not network round trips."""
    (tmp_path / "requirements.txt").write_text("fastapi\nsqlalchemy\npsycopg2-binary\n")
    (tmp_path / "Dockerfile").write_text('FROM python:3.11\nCMD ["uvicorn", "main:app"]\n')
    (tmp_path / "main.py").write_text(
        "from fastapi import FastAPI\n"
        "from sqlalchemy import create_engine, text\n"
        "from sqlalchemy.orm import sessionmaker\n\n"
        'db_kwargs = {"url": "sqlite:////config/user.db", "pool_pre_ping": True}\n'
        "Session = sessionmaker(bind=create_engine(**db_kwargs))\n"
        "app = FastAPI()\n\n\n"
        '@app.get("/plugins")\n'
        "def plugins():\n"
        "    with Session() as db:\n"
        '        return db.execute(text("SELECT 1")).all()\n'
    )
    result = analyze(tmp_path, [tmp_path / "main.py"])
    assert not [f for f in result.findings if f.code == "UJ005"], result.findings


def test_a_command_run_through_a_shell_is_fixed_with_create_subprocess_shell():
    """`subprocess.Popen("nginx -s reload", shell=True)` runs a command line: the async fix
    is `create_subprocess_shell`, which takes one, not `create_subprocess_exec`."""
    found = findings("routing", "UJ001", "chat/admin/proxy.py")
    assert "asyncio.create_subprocess_shell(" in found[5].fix, found[5].fix
    assert "create_subprocess_exec" not in found[5].fix, found[5].fix
    plain = findings("routing", "UJ001", "chat/admin/views.py")
    assert "create_subprocess_exec" in plain[5].fix, plain[5].fix


_THREADS_LOCK_APP = """
import threading

from fastapi import FastAPI

app = FastAPI()
manager_lock = threading.RLock()
tasks = []


def render():
    with manager_lock:
        tasks.clear()


threading.Thread(target=render, daemon=True).start()


@app.get("/devices")
async def devices():
    if not manager_lock.acquire(blocking=True, timeout=15):
        raise RuntimeError("busy")
    try:
        return len(tasks)
    finally:
        manager_lock.release()
"""


def test_a_lock_the_module_s_threads_take_too_stays_a_threading_lock(tmp_path):
    """`manager_lock` is also taken by the render thread the module starts: an asyncio.Lock
    would leave that thread unguarded, so the fix acquires it off the loop instead; without
    the thread, the asyncio.Lock fix stands."""
    (tmp_path / "main.py").write_text(_THREADS_LOCK_APP)
    (found,) = [f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings if f.code == "UJ001"]
    assert found.fix.startswith("this module starts threads (`threading.Thread`)"), found.fix
    assert "asyncio.Lock /" not in found.fix, found.fix
    alone = _THREADS_LOCK_APP.replace("threading.Thread(target=render, daemon=True).start()", "")
    (tmp_path / "main.py").write_text(alone)
    (found,) = [f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings if f.code == "UJ001"]
    assert found.fix.startswith("use asyncio.Lock / anyio.Lock"), found.fix


def test_a_mount_at_a_path_unjam_cannot_read_shadows_no_route(tmp_path):
    """`app.mount(f"{API_PREFIX}/static", StaticFiles(...))` with a prefix from the
    environment: where it sits is not known, so the routes after it stay served."""
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / ".gitkeep").write_text("")
    (tmp_path / "main.py").write_text(
        "import os\n"
        "from pathlib import Path\n\n"
        "from fastapi import APIRouter, FastAPI\n"
        "from fastapi.staticfiles import StaticFiles\n\n"
        "def canon(prefix):\n"
        '    return "/" + (prefix or "").strip("/")\n\n\n'
        'API_PREFIX = canon(os.getenv("API_PREFIX"))\n'
        'router = APIRouter(prefix="/auth")\n\n\n'
        '@router.delete("/me/photo")\n'
        "async def delete_photo():\n"
        '    Path("static/me.jpg").unlink()\n\n\n'
        "app = FastAPI()\n"
        'app.mount(f"{API_PREFIX}/static", StaticFiles(directory="static"))\n'
        "app.include_router(router, prefix=API_PREFIX)\n"
    )
    result = analyze(tmp_path, [tmp_path / "main.py"])
    assert [f.location.line for f in result.findings if f.code == "UJ001"] == [17]


def test_a_bulk_update_or_delete_is_fixed_with_its_own_statement(tmp_path):
    """`query.update({...})` and `query.delete()` are bulk statements: their async fix is
    `update(...)` / `delete(...)` executed on an AsyncSession, not a `select()`."""
    (tmp_path / "main.py").write_text(
        "from fastapi import Depends, FastAPI\n"
        "from sqlalchemy.orm import Session\n\n"
        "app = FastAPI()\n\n\n"
        "class Message:\n"
        "    read = False\n\n\n"
        "def get_db():\n"
        "    yield Session()\n\n\n"
        '@app.post("/read")\n'
        "async def mark(db: Session = Depends(get_db)):\n"
        '    db.query(Message).filter().update({"read": True})\n'
        "    db.query(Message).filter().delete()\n"
        "    return db.query(Message).all()\n"
    )
    found = {f.location.line: f.fix for f in analyze(tmp_path, [tmp_path / "main.py"]).findings}
    assert "session.execute(update(Model)" in found[17] and "select()" not in found[17]
    assert "session.execute(delete(Model)" in found[18] and "select()" not in found[18]
    assert "with select()" in found[19], found[19]


def test_an_override_the_app_builder_sets_runs_instead_of_the_placeholder():
    """`app.dependency_overrides[get_auth_module] = lambda: auth_module` in `create_app()`:
    the lambda's trip replaces the placeholder's, and the fix does not offer to make the
    placeholder (or a lambda) `async def`."""
    (trips,) = findings("factory_overrides", "UJ005", "hub/auth.py").values()
    assert "`create_app.<lambda>`, `get_current_user`, `me`" in trips.message, trips.message
    assert "get_auth_module" not in trips.fix and "<lambda>" not in trips.fix, trips.fix


def test_a_temporary_file_made_on_the_loop_blocks_and_its_cleanup_folds_into_it(tmp_path):
    """`tempfile.NamedTemporaryFile` makes a file on disk: on the loop it blocks, and the
    `unlink` an `except` handler makes after it is not reported apart."""
    (tmp_path / "main.py").write_text(
        "import asyncio\n"
        "import tempfile\n"
        "from pathlib import Path\n\n"
        "from fastapi import FastAPI, UploadFile\n\n"
        "app = FastAPI()\n\n\n"
        "async def work(path):\n"
        "    return path\n\n\n"
        '@app.post("/imports")\n'
        "async def upload(file: UploadFile):\n"
        "    with tempfile.NamedTemporaryFile(delete=False) as tmp:\n"
        "        tmp.write(await file.read())\n"
        "        path = Path(tmp.name)\n"
        "    try:\n"
        "        asyncio.create_task(work(path))\n"
        "    except Exception:\n"
        "        path.unlink(missing_ok=True)\n"
        "        raise\n"
    )
    found = [f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings if f.code == "UJ001"]
    assert [(f.location.line, f.blocker) for f in found] == [(16, "tempfile.NamedTemporaryFile")]


# a sync generator dependency, a sync dependency on it, and the function an `async def`
# endpoint hands to the pool (the endpoint follows)
DOCUMENTS_HEAD = (
    "from fastapi import Depends, FastAPI\n"
    "from fastapi.concurrency import run_in_threadpool\n\n"
    "app = FastAPI()\n\n\n"
    "def get_db():\n"
    "    yield object()\n\n\n"
    "def current_user(db=Depends(get_db)):\n"
    "    return 1\n\n\n"
    "def _delete_sync(user, doc_id=None):\n"
    "    return user\n\n\n"
)


def test_an_async_endpoint_s_own_hand_off_to_the_pool_is_a_trip(tmp_path):
    """`return await run_in_threadpool(_delete_sync)` in an `async def` endpoint borrows a
    token of the same limiter as its sync dependencies: one more trip."""
    (tmp_path / "main.py").write_text(
        DOCUMENTS_HEAD + '@app.delete("/documents/{doc_id}")\n'
        "async def delete_document(doc_id: int, user=Depends(current_user)):\n"
        "    return await run_in_threadpool(_delete_sync, user)\n"
    )
    (trips,) = analyze(tmp_path, [tmp_path / "main.py"]).findings
    assert "makes 3 trips" in trips.message, trips.message
    assert "then its `run_in_threadpool(_delete_sync)`" in trips.message, trips.message


def test_a_hand_off_in_a_loop_is_one_trip_per_item(tmp_path):
    """`for doc_id in payload["ids"]: await run_in_threadpool(_delete_sync, ...)`: one trip
    per item, none for an empty list, so the count is a floor that leaves it out."""
    (tmp_path / "main.py").write_text(
        DOCUMENTS_HEAD + '@app.delete("/documents")\n'
        "async def delete_documents(payload: dict, user=Depends(current_user)):\n"
        '    for doc_id in payload["ids"]:\n'
        "        await run_in_threadpool(_delete_sync, user, doc_id)\n"
        "    return {}\n"
    )
    (trips,) = analyze(tmp_path, [tmp_path / "main.py"]).findings
    assert "makes at least 2 trips" in trips.message, trips.message
    assert "`run_in_threadpool(_delete_sync)` (in a loop: one per item)" in trips.message


def test_a_psycopg2_connection_s_execute_sends_nothing(tmp_path):
    """psycopg2's connection has no `execute` (psycopg 3's and sqlite3's have): the call
    raises before it sends anything, so only the connect is a round trip (reported as the
    per-request connection it is, UJ003)."""
    (tmp_path / "main.py").write_text(
        "import psycopg2\n"
        "from fastapi import FastAPI\n\n"
        "app = FastAPI()\n\n\n"
        "def _connect():\n"
        '    return psycopg2.connect("postgresql://app@db/app")\n\n\n'
        '@app.get("/rows")\n'
        "def rows():\n"
        "    conn = _connect()\n"
        '    return conn.execute("SELECT 1").fetchall()\n'
    )
    found = analyze(tmp_path, [tmp_path / "main.py"]).findings
    assert [(f.code, f.location.line) for f in found if f.code in ("UJ003", "UJ005")] == [
        ("UJ003", 8)
    ], [(f.code, f.location.line) for f in found]


def test_sqlalchemy_on_the_app_s_sqlite_file_is_file_io(tmp_path):
    """The app's only engine is SQLite's: its sessions' calls block on a file, so UJ001 and
    UJ002 give them the kind `file` (still "database I/O" in words)."""
    (tmp_path / "app.py").write_text(
        "from contextlib import asynccontextmanager\n\n"
        "from fastapi import FastAPI\n"
        "from sqlalchemy import create_engine\n"
        "from sqlalchemy.orm import declarative_base, sessionmaker\n\n"
        'engine = create_engine("sqlite:///./x.db", connect_args={"check_same_thread": False})\n'
        "SessionLocal = sessionmaker(bind=engine)\n"
        "Base = declarative_base()\n\n\n"
        "@asynccontextmanager\n"
        "async def lifespan(app):\n"
        "    Base.metadata.create_all(bind=engine)\n"
        "    yield\n\n\n"
        "app = FastAPI(lifespan=lifespan)\n\n\n"
        '@app.get("/x")\n'
        "async def x():\n"
        "    SessionLocal().commit()\n"
    )
    found = analyze(tmp_path, [tmp_path / "app.py"]).findings
    assert {(f.code, f.kind) for f in found} == {("UJ001", "file"), ("UJ002", "file")}
    assert all("(database I/O)" in f.message for f in found)


def test_a_get_or_create_through_helpers_pays_only_while_the_row_is_missing():
    """`repo.get_presence(db, …)` then `repo.create_presence(db, …)`, and `get_mode_config(db,
    key)` then `db.add(config)` under `if not config and key == "free":`: get-or-creates, so
    their commits run only while the row is not stored yet."""
    found = findings("helper_get_or_create", "UJ001", "desk/main.py")
    for line in (16, 29):
        assert "only while what it makes is not stored yet" in found[line].message, found[line]


def test_a_coroutine_function_handed_to_a_thread_runs_nothing_there(tmp_path):
    """`await asyncio.to_thread(fetch)` of an `async def fetch`: the thread only makes the
    coroutine, which nothing awaits, so fetch's body never runs; a sync one handed so does."""
    (tmp_path / "main.py").write_text(
        "import asyncio\n\n"
        "import httpx\n"
        "from fastapi import FastAPI\n\n"
        "app = FastAPI()\n\n\n"
        "async def fetch_async():\n"
        "    async with httpx.AsyncClient() as client:\n"
        '        return (await client.get("https://books.example")).text\n\n\n'
        "def fetch_sync():\n"
        "    with httpx.Client() as client:\n"
        '        return client.get("https://books.example").text\n\n\n'
        '@app.get("/books")\n'
        "async def books():\n"
        "    await asyncio.to_thread(fetch_async)\n"
        "    return await asyncio.to_thread(fetch_sync)\n"
    )
    found = analyze(tmp_path, [tmp_path / "main.py"]).findings
    assert [f.location.line for f in found if f.code == "UJ003"] == [15], [
        (f.code, f.location.line) for f in found
    ]


_CONTEXT_FACTORY_APP = """
import threading
from contextlib import contextmanager

from fastapi import FastAPI

app = FastAPI()


class Item:
    def __init__(self):
        self._lock = threading.RLock()
        self.obj = object()

    @contextmanager
    def acquire(self):
        try:
            self._lock.acquire()
            yield self.obj
        finally:
            self._lock.release()


class Pool:
    def __init__(self):
        self.items = {"k": Item()}

    def acquire(self, key):
        return self.items[key].acquire()


pool = Pool()


@app.get("/q")
async def q():
    with pool.acquire("k") as vs:
        return str(vs)
"""


def test_a_function_handing_out_a_context_manager_is_no_function_to_move_alone(tmp_path):
    """`Pool.acquire` returns what `Item.acquire`, a `@contextmanager` taking a lock, makes:
    the caller's `with` enters it on the loop, so the fix is no `to_thread(pool.acquire)` but
    the context manager's own (async, or the whole block in one thread)."""
    (tmp_path / "main.py").write_text(_CONTEXT_FACTORY_APP)
    (found,) = [f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings if f.code == "UJ001"]
    assert found.fix.startswith("make it an `@asynccontextmanager`"), found.fix
    assert "move the whole `with` block into one sync function" in found.fix, found.fix
    assert "to_thread(pool.acquire" not in found.fix, found.fix


def test_the_app_of_a_module_the_program_imports_for_its_functions_serves_nothing(tmp_path):
    """main.py (the app the Dockerfile serves) imports `chat` from side.py and registers it;
    side.py's own `side_app`, which no launcher names, serves nothing: `chat` is one entry."""
    (tmp_path / "Dockerfile").write_text('FROM python:3.11\nCMD ["uvicorn", "main:app"]\n')
    (tmp_path / "side.py").write_text(
        "import os\n\n"
        "from fastapi import FastAPI\n\n"
        "side_app = FastAPI()\n\n\n"
        '@side_app.post("/chat")\n'
        "async def chat():\n"
        '    return os.listdir("/srv/chats")\n'
    )
    (tmp_path / "main.py").write_text(
        "from fastapi import FastAPI\n\n"
        "from side import chat\n\n"
        "app = FastAPI()\n"
        'app.add_api_route("/chat", chat, methods=["POST"])\n'
    )
    result = analyze(tmp_path, [tmp_path / "main.py", tmp_path / "side.py"])
    (found,) = [f for f in result.findings if f.code == "UJ001"]
    assert "other entry point" not in found.message, found.message
    # named by a launcher, it serves: `uvicorn side:side_app`
    (tmp_path / "Procfile").write_text("chat: uvicorn side:side_app\\n")
    result = analyze(tmp_path, [tmp_path / "main.py", tmp_path / "side.py"])
    (found,) = [f for f in result.findings if f.code == "UJ001"]
    assert "also reached from 1 other entry point" in found.message, found.message


def test_a_module_s_own_attributes_are_there_to_import(tmp_path):
    """`from src.services.billing.payments import __dict__ as _canonical` (a back-compat shim
    re-exporting a moved module): every module has `__dict__`, so the import succeeds and
    the app starts."""
    pkg = tmp_path / "src" / "services" / "billing"
    pkg.mkdir(parents=True)
    for init in (tmp_path / "src", tmp_path / "src" / "services", pkg):
        (init / "__init__.py").write_text("")
    (pkg / "payments.py").write_text("def charge():\n    return 1\n")
    (tmp_path / "src" / "services" / "payments.py").write_text(
        "import sys\n\n"
        "from src.services.billing.payments import __dict__ as _canonical\n\n"
        "sys.modules[__name__].__dict__.update(_canonical)\n"
    )
    (tmp_path / "src" / "main.py").write_text(
        "import time\n\n"
        "from fastapi import FastAPI\n\n"
        "from src.services import payments\n\n"
        "app = FastAPI()\n\n\n"
        '@app.post("/pay")\n'
        "async def pay():\n"
        "    time.sleep(1)\n"
        "    return payments\n"
    )
    result = analyze(tmp_path, sorted(tmp_path.rglob("*.py")))
    assert not result.unparsed, result.unparsed
    assert [f.code for f in result.findings] == ["UJ001"]


def test_a_glob_is_fixed_by_iterating_anyio_s_not_awaiting_it(tmp_path):
    """`anyio.Path.glob` gives an async iterator, which no `await` takes: the fix iterates
    it (or lists the glob in a thread)."""
    (tmp_path / "main.py").write_text(
        "from contextlib import asynccontextmanager\n"
        "from pathlib import Path\n\n"
        "from fastapi import FastAPI\n\n\n"
        "@asynccontextmanager\n"
        "async def lifespan(app):\n"
        '    app.state.migrations = sorted(Path("migrations").glob("*.sql"))\n'
        "    yield\n\n\n"
        "app = FastAPI(lifespan=lifespan)\n"
    )
    (found,) = analyze(tmp_path, [tmp_path / "main.py"]).findings
    assert "[p async for p in anyio.Path(path).glob(pattern)]" in found.fix, found.fix
    assert "await the same method" not in found.fix, found.fix


def test_a_dependency_s_name_lookup_is_fixed_by_looking_it_up_async(tmp_path):
    """An SSRF check resolving the host a request names (`socket.getaddrinfo` in a sync
    dependency): no client to share and nothing to fetch once; the lookup goes async."""
    (tmp_path / "main.py").write_text(
        "import socket\n"
        "from urllib.parse import urlparse\n\n"
        "from fastapi import Depends, FastAPI\n\n"
        "app = FastAPI()\n\n\n"
        "def check_target(url: str) -> str:\n"
        "    socket.getaddrinfo(urlparse(url).hostname, None)\n"
        "    return url\n\n\n"
        '@app.post("/fetch")\n'
        "async def fetch(url: str = Depends(check_target)):\n"
        "    return url\n"
    )
    (found,) = [f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings if f.code == "UJ003"]
    assert found.fix.startswith("make the dependency `async def` and look the name up"), found.fix


def test_a_frame_of_literal_rows_written_to_memory_is_no_cpu_work(tmp_path):
    """A template's two rows written in the code, serialised into a StringIO: nothing that
    grows with a request; a frame of the request's rows is CPU work on the loop."""
    (tmp_path / "main.py").write_text(
        "import io\n\n"
        "import pandas as pd\n"
        "from fastapi import FastAPI\n\n"
        "app = FastAPI()\n\n\n"
        '@app.get("/template")\n'
        "async def template():\n"
        '    df = pd.DataFrame({"name": ["Ada", "Bob"], "email": ["a@x", "b@x"]})\n'
        "    buf = io.StringIO()\n"
        "    df.to_csv(buf, index=False)\n"
        "    return buf.getvalue()\n\n\n"
        '@app.post("/export")\n'
        "async def export(rows: list[dict]):\n"
        "    df = pd.DataFrame(rows)\n"
        "    buf = io.StringIO()\n"
        "    df.to_csv(buf, index=False)\n"
        "    return buf.getvalue()\n"
    )
    found = analyze(tmp_path, [tmp_path / "main.py"]).findings
    assert [(f.code, f.location.line) for f in found] == [("UJ001", 21)], found


_LOADED_FLAG_APP = """
from pathlib import Path

from fastapi import FastAPI

app = FastAPI()
CACHE = Path("index.txt")
_index = None
_loaded = False


def build_index():
    global _index, _loaded
    if _loaded:
        return _index is not None
    if CACHE.exists():
        _index = CACHE.read_text()
    _loaded = True
    return _index is not None


@app.get("/q")
async def q():
    return build_index()
"""


def test_a_global_flag_the_function_sets_itself_guards_a_first_call_whatever_it_returns(
    tmp_path,
):
    """`if _loaded: return _index is not None` … `_loaded = True`: the early return gives a
    computed answer, but the flag is a module global the function sets itself, so the rest
    runs on the first call only."""
    (tmp_path / "main.py").write_text(_LOADED_FLAG_APP)
    found = [f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings if f.code == "UJ001"]
    assert found and all("on the first call only" in f.message for f in found), found


_SERVICE_GET_OR_CREATE_APP = """
from fastapi import Depends, FastAPI
from sqlalchemy.orm import Session

app = FastAPI()


class Referee:
    name = ""


def get_db():
    yield Session()


class RefereeService:
    def __init__(self, db):
        self.db = db

    def get_or_create(self, name):
        referee = self.db.query(Referee).filter(Referee.name == name).first()
        if not referee:
            referee = Referee()
            self.db.add(referee)
            self.db.commit()
            self.db.refresh(referee)
        return referee


@app.post("/referees/{name}")
async def upload(name: str, db: Session = Depends(get_db)):
    return RefereeService(db).get_or_create(name)
"""


def test_a_get_or_create_through_a_service_s_own_session_pays_only_while_missing(tmp_path):
    """`self.db.query(Referee)….first()` then `if not referee:` … `self.db.add(referee)`: a
    get-or-create through the session the service keeps, as through a `db` parameter."""
    (tmp_path / "main.py").write_text(_SERVICE_GET_OR_CREATE_APP)
    found = {f.location.line: f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings}
    for line in (25, 26):
        assert "only while what it makes is not stored yet" in found[line].message, found[line]


def test_a_sync_call_made_under_a_threading_lock_is_moved_off_the_loop_with_its_block(tmp_path):
    """`with _jobs_lock: _save()` in an async endpoint: awaiting `_save` in a thread there
    would hold the lock across the await, so the fix moves the whole block; under an
    asyncio.Lock, or outside any lock, the usual fix stays."""
    found = one_file_findings(
        tmp_path,
        "import asyncio\nimport json\nimport threading\n\nfrom fastapi import FastAPI\n\n"
        "app = FastAPI()\n_jobs_lock = threading.RLock()\n_names_lock = asyncio.Lock()\n"
        "jobs = {}\n\n\n"
        "def _save():\n    with open('jobs.json', 'w') as f:\n        json.dump(jobs, f)\n\n\n"
        "def _log():\n    with open('log.txt', 'a') as f:\n        f.write('x')\n\n\n"
        "def _names():\n    with open('names.txt', 'a') as f:\n        f.write('x')\n\n\n"
        '@app.delete("/jobs/{job_id}")\nasync def delete_job(job_id: str):\n'
        "    with _jobs_lock:\n        jobs.pop(job_id, None)\n        if jobs:\n"
        "            _save()\n    _log()\n    async with _names_lock:\n        _names()\n"
        "    await asyncio.sleep(0)\n",
        "UJ001",
    )
    fixes = {f.location.line: f.fix for f in found}
    assert "holding `_jobs_lock`" in fixes[14], fixes[14]
    assert "whole `with _jobs_lock:` block" in fixes[14], fixes[14]
    for line in (19, 24):  # `_log()` after the block; `_names()` under an asyncio.Lock
        assert "holding" not in fixes[line], fixes[line]
        assert "asyncio.to_thread(" in fixes[line], fixes[line]


# a store of episodes whose tests and creators a get-or-create pairs (lines 1-16)
EPISODE_STORE = (
    "import requests\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
    "class Store:\n"
    "    def episode_exists(self, eid):\n"
    "        return requests.get(f'http://db/episodes/{eid}').ok\n\n"
    "    def add_episode(self, eid, title):\n"
    "        requests.post('http://db/episodes', json={'eid': eid, 'title': title})\n\n"
    "    def add_log(self, eid):\n"
    "        requests.post('http://db/log', json={'eid': eid})\n\n\n"
    "db = Store()\n\n\n"
)


def test_a_create_named_for_what_the_test_asks_about_is_a_get_or_create_by_keyword(tmp_path):
    """`if not db.episode_exists(ep): db.add_episode(eid=ep, …)`: the store keeps the row,
    so the insert runs while it is missing only; `db.add_log(eid=ep)` makes no episode, and
    runs on every request that finds one missing."""
    found = one_file_findings(
        tmp_path,
        EPISODE_STORE + '@app.post("/episodes/{eid}")\nasync def save(eid: str, title: str):\n'
        "    if not db.episode_exists(eid):\n        db.add_episode(eid=eid, title=title)\n\n\n"
        '@app.post("/logs/{eid}")\nasync def log(eid: str):\n'
        "    if not db.episode_exists(eid):\n        db.add_log(eid=eid)\n",
        "UJ001",
    )
    found = {f.location.line: f.message for f in found}
    assert "only while what it makes is not stored yet" in found[13], found[13]
    assert "not stored yet" not in found[16], found[16]


def test_a_file_written_at_a_path_fixed_by_settings_is_made_on_the_first_call_only(tmp_path):
    """`key = Path(settings.KEY_PATH)`, `if not key.exists():` … `open(key, "wb")`: every
    call names the same file, which outlives the call; a path from a parameter, or a test
    whose body only raises, is asked again on every call."""
    found = one_file_findings(
        tmp_path,
        "from pathlib import Path\n\nfrom fastapi import FastAPI\n\n"
        "class Settings:\n    KEY_PATH = 'keys/private.pem'\n\n\nsettings = Settings()\n"
        "app = FastAPI()\n\n\n"
        "def load_key():\n    key = Path(settings.KEY_PATH)\n    if not key.exists():\n"
        "        key.parent.mkdir(parents=True, exist_ok=True)\n"
        "        with open(key, 'wb') as f:\n            f.write(b'k')\n"
        "    return key.read_bytes()\n\n\n"
        "def user_key(folder):\n    key = Path(folder) / 'key.pem'\n    if not key.exists():\n"
        "        key.write_bytes(b'k')\n    return key\n\n\n"
        "def must_have():\n    key = Path(settings.KEY_PATH)\n    if not key.exists():\n"
        "        raise RuntimeError(open('README').read())\n\n\n"
        '@app.get("/me")\nasync def me(folder: str):\n'
        "    load_key()\n    user_key(folder)\n    must_have()\n",
        "UJ001",
    )
    found = {f.location.line: f.message for f in found}
    for line in (16, 17):  # `mkdir`, `open(key, "wb")`
        assert "on the first call only" in found[line], found[line]
    assert "first call" not in found[19], found[19]  # `read_bytes`: every call
    assert "first call" not in found[25], found[25]  # a folder each request names
    assert "first call" not in found[32], found[32]  # raising while it is missing


def test_a_connection_handed_in_under_a_lock_keeps_the_one_thread_fix(tmp_path):
    """`with sqlite3.connect(…) as conn:` then `with _lock: _load(conn)`: moving the locked
    block to a thread would use the connection outside the thread that opened it, so the fix
    is the one for what `_load` is handed."""
    found = one_file_findings(
        tmp_path,
        "import sqlite3\nimport threading\n\nfrom fastapi import FastAPI\n\n"
        "app = FastAPI()\n_lock = threading.Lock()\n\n\n"
        "def _load(conn):\n    return conn.execute('select 1').fetchall()\n\n\n"
        '@app.get("/cache")\nasync def cache():\n'
        "    with sqlite3.connect('x.db') as conn:\n        with _lock:\n"
        "            return _load(conn)\n",
        "UJ001",
    )
    fixes = {f.location.line: f.fix for f in found}
    assert "handed a `sqlite3.Connection`" in fixes[11], fixes[11]
    assert "holding" not in fixes[11], fixes[11]


def test_a_client_built_from_freshly_minted_credentials_is_told_to_be_built_once(tmp_path):
    """`creds = sts.assume_role(...)["Credentials"]`, then `boto3.Session(...)` from them:
    STS answers anew on each call, so there is no lookup to key clients by."""
    found = one_file_findings(
        tmp_path,
        "import boto3\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n"
        "sts = boto3.client('sts')\n\n\n"
        '@app.post("/ask")\nasync def ask():\n'
        "    creds = sts.assume_role(RoleArn='arn', RoleSessionName='s')['Credentials']\n"
        "    session = boto3.Session(aws_access_key_id=creds['AccessKeyId'])\n"
        "    return session.client('bedrock-runtime').list_models()\n",
        "UJ003",
    )
    (made,) = [f for f in found if f.location.line == 13]
    assert "looks up" not in made.message, made.message


def test_a_client_built_only_after_an_error_status_is_not_built_on_every_request(tmp_path):
    """A retry after a 401 (`if r.status_code == 401:`: refresh the token, build another
    client) runs when the call failed, as an `except` handler does; the first client is
    built on every request."""
    found = one_file_findings(
        tmp_path,
        "import httpx\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        "async def refresh_token():\n"
        "    async with httpx.AsyncClient() as c:\n"
        "        return (await c.post('https://auth/token')).json()['token']\n\n\n"
        '@app.get("/sync")\nasync def sync(token: str):\n'
        "    async with httpx.AsyncClient() as c:\n"
        "        r = await c.get('https://api/x', headers={'A': token})\n"
        "    if r.status_code == 401:\n"
        "        token = await refresh_token()\n"
        "        async with httpx.AsyncClient() as c:\n"
        "            r = await c.get('https://api/x', headers={'A': token})\n"
        "    return r.json()\n",
        "UJ003",
    )
    lines = sorted(f.location.line for f in found)
    assert lines == [15], lines


def test_a_dependency_s_call_made_only_when_a_probe_failed_is_not_made_every_request(tmp_path):
    """`try: head_bucket(...)` / `except: create_bucket(...)` in a sync dependency: the probe
    and the client run on every request, the create only while the bucket is missing."""
    found = one_file_findings(
        tmp_path,
        "import boto3\n\nfrom fastapi import Depends, FastAPI\n\napp = FastAPI()\n\n\n"
        "class Store:\n    def __init__(self):\n        self.c = boto3.client('s3')\n"
        "        try:\n            self.c.head_bucket(Bucket='b')\n"
        "        except Exception:\n            self.c.create_bucket(Bucket='b')\n\n\n"
        '@app.post("/upload")\ndef upload(store: Store = Depends(Store)):\n'
        "    return {}\n",
        "UJ003",
    )
    lines = sorted(f.location.line for f in found)
    assert lines == [10, 12], lines


def test_a_route_whose_path_lacks_its_leading_slash_serves_nothing(tmp_path):
    """`@router.get("api/health/check")` on a router included with no prefix: every request
    path starts with `/`, so none matches it; with a prefix the path is whole."""
    found = one_file_findings(
        tmp_path,
        "import requests\n\nfrom fastapi import APIRouter, FastAPI\n\n"
        "router = APIRouter()\nprefixed = APIRouter(prefix='/v1/')\napp = FastAPI()\n\n\n"
        '@router.get("api/health/check")\nasync def check():\n'
        "    return requests.get('http://a').ok\n\n\n"
        '@prefixed.get("status")\nasync def status():\n'
        "    return requests.get('http://b').ok\n\n\n"
        "app.include_router(router)\napp.include_router(prefixed)\n",
        "UJ001",
    )
    lines = sorted(f.location.line for f in found)
    assert lines == [17], lines


def test_a_per_request_pika_connection_is_not_told_to_be_shared_idle(tmp_path):
    """A health check's `pika.BlockingConnection`: one shared and idle would miss its
    heartbeats, so the fix moves it off the loop or to aio-pika's robust connection."""
    found = one_file_findings(
        tmp_path,
        "import pika\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        '@app.get("/health/mq")\nasync def mq():\n'
        "    conn = pika.BlockingConnection(pika.URLParameters('amqp://mq'))\n"
        "    try:\n        return conn.is_open\n    finally:\n        conn.close()\n",
        "UJ003",
    )
    (made,) = found
    assert "heartbeats" in made.fix and "lifespan, or" not in made.fix, made.fix


def test_a_middleware_function_defined_under_a_test_says_when_it_runs(tmp_path):
    """`if _jwt_secret:` around an `@app.middleware("http")` function: UJ004 says it runs
    only when that holds, as it does for a class registered under one."""
    found = one_file_findings(
        tmp_path,
        "import os\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n"
        "_jwt_secret = os.getenv('JWT_SECRET')\n\n"
        "if _jwt_secret:\n\n"
        '    @app.middleware("http")\n    async def jwt_auth(request, call_next):\n'
        "        return await call_next(request)\n\n\n"
        '@app.middleware("http")\nasync def timing(request, call_next):\n'
        "    return await call_next(request)\n",
        "UJ004",
    )
    found = {f.location.line: f.message for f in found}
    assert "main.py:10 registers it only when `_jwt_secret` is true" in found[10], found[10]
    assert "only when" not in found[15], found[15]


def test_two_tests_written_alike_are_judged_each_by_its_own_body(tmp_path):
    """`if not db.episode_exists(e): db.add_episode(eid=e)` then the same test again with
    `db.add_log(eid=e)` under it: equal tests are still two guards, and only the first body
    makes what its test asks about."""
    found = one_file_findings(
        tmp_path,
        EPISODE_STORE + '@app.post("/episodes/{eid}")\nasync def save(eid: str):\n'
        "    if not db.episode_exists(eid):\n        db.add_episode(eid=eid, title='')\n"
        "    if not db.episode_exists(eid):\n        db.add_log(eid=eid)\n",
        "UJ001",
    )
    messages = {f.location.line: f.message for f in found}
    assert "not stored yet" in messages[13], messages[13]
    assert "not stored yet" not in messages[16], messages[16]


def test_a_client_built_from_what_a_deep_helper_computes_is_no_lookup(tmp_path):
    """`timeout = pick_timeout(model)` whose helpers reach the network three calls down (a
    model registry refresh) computes a setting, it reads no store: one client would do; a
    token helper whose helper queries SQLite is a lookup."""
    found = one_file_findings(
        tmp_path,
        "import sqlite3\n\nimport httpx\nimport requests\nfrom fastapi import FastAPI\n\n"
        "app = FastAPI()\n\n\n"
        "def refresh_registry():\n    requests.get('http://registry/models')\n\n\n"
        "def known_models():\n    refresh_registry()\n    return {'m': 5}\n\n\n"
        "def model_info(model):\n    return known_models().get(model, 10)\n\n\n"
        "def pick_timeout(model):\n    return model_info(model) * 2\n\n\n"
        "def read_setting(conn, key):\n"
        "    return conn.execute('select v from s where k = ?', (key,)).fetchone()[0]\n\n\n"
        "def user_token():\n    conn = sqlite3.connect('meta.db')\n"
        "    return read_setting(conn, 'token')\n\n\n"
        '@app.get("/ask")\ndef ask(model: str):\n'
        "    timeout = pick_timeout('m')\n"
        "    with httpx.Client(timeout=timeout) as client:\n"
        "        client.get('http://api/ask')\n"
        "    token = user_token()\n"
        "    with httpx.Client(headers={'A': token}) as client:\n"
        "        client.get('http://api/me')\n",
        "UJ003",
    )
    messages = {f.location.line: f.message for f in found}
    assert "looks up" not in messages[39], messages[39]
    assert "looks up through `user_token()`" in messages[42], messages[42]


def test_an_early_return_once_two_fields_are_filled_is_a_memo_guard():
    """`if self.token and self.shop_id: return`, then the store read that fills both: the
    shared client reads it on the first call only; the same test of fields the function
    never fills guards nothing."""
    found = findings("memo_guards", "UJ001", "catalog/shop_tokens.py")
    assert "on the first call only" in found[24].message, found[24].message
    assert "first call" not in found[30].message, found[30].message


def test_a_dependency_handed_on_as_a_factory_is_not_offered_as_async():
    """`_resolve(checker, get_checker)` calls the factory it is handed when `verify` runs as
    a plain coroutine: `get_checker` stays a `def`; `get_clock`, only ever a dependency,
    may become `async def`."""
    trips = findings("deps_zoo", "UJ005", "zoo/api/permits.py")[32]
    assert trips.fix.startswith("make `get_clock` `async def`"), trips.fix
    assert "get_checker" not in trips.fix, trips.fix


def test_a_value_handed_on_through_a_method_of_a_shared_instance_picks_its_branch():
    """`service.record(account, limit_type, amount)` on the instance an accessor returns
    binds `self`: the query route's "query" never meets `usage_type == "ingest"`, so only the
    upload route reaches the metering call."""
    metering = findings("arg_defaults", "UJ001", "mediahub/usage.py")[12]
    assert metering.entry.name == "upload", metering.message
    assert "other entry point" not in metering.message, metering.message


_TABLES_TWICE = """\
from fastapi import FastAPI
from sqlalchemy import Column, Integer
from sqlalchemy.orm import declarative_base

Base = declarative_base()
app = FastAPI()


class Author(Base):
    __tablename__ = "paper_authors"
    id = Column(Integer, primary_key=True)


class Author(Base):  # noqa: F811
    __tablename__ = "paper_" "authors"
    id = Column(Integer, primary_key=True)
"""

_SETTING_ACROSS_LINES = """\
from fastapi import FastAPI
from pydantic_settings import BaseSettings


class Settings(BaseSettings):
    api_key: str = ""


settings = Settings()
app = FastAPI()
token = (
    settings  # the one settings object
    .api_token
)
"""


@pytest.mark.parametrize(
    ("source", "said"),
    [(_TABLES_TWICE, "paper_authors"), (_SETTING_ACROSS_LINES, "settings.api_token")],
)
def test_what_a_module_raises_as_it_loads_is_found_however_it_is_written(tmp_path, source, said):
    """The checks of a table declared twice and of a setting the class lacks look at a
    module's text before they parse it (most modules hold neither): a table name written in
    two parts, and a read split over lines around a comment, must still lead to the parse."""
    (tmp_path / "main.py").write_text(source)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    assert any(said in reason for _path, reason in result.unparsed), result.unparsed


def test_a_literal_key_of_a_shipped_table_never_takes_the_fallback():
    """`system_text("chat")` of `if key in SYSTEM_PROMPTS: return SYSTEM_PROMPTS[key]`, a
    module's dict literal nothing changes, that holds "chat": the file read after the test
    is reached from the route passing the request's key, not from the one passing "chat"."""
    found = findings("prompt_tables", "UJ001", "assistant/texts.py")
    fallback = found[11]
    assert fallback.entry.name == "persona", fallback.message
    assert "also reached" not in fallback.message
    # a table some code fills keeps every key a question
    assert found[18].entry.name == "plugin"


def test_a_library_method_s_memo_on_its_own_instance_is_paid_once():
    """A project without an app is a library: its callers keep the crawler, so a method's
    `if self._seeder is None:` is a memo — but one of a helper it builds per call is paid by
    each new helper."""
    found = findings("plain_asyncio", "UJ001", "crawler/seeding.py")
    # … and what the seeder it made once (`self._seeder`) keeps is kept for good
    for line in (10, 16, 44):
        assert "on the first call only" in found[line].message, found[line].message
    assert "on the first call only" not in found[27].message, found[27].message
    assert "on each `SiteMap` instance only" in found[27].message, found[27].message
    assert found[27].severity == Severity.ERROR


def test_a_library_module_that_cannot_import_is_a_note_and_its_coroutines_are_left_out():
    """`from .log import Logger` with no legacy/log.py: no caller of the library can run
    `Indexer.build`, so what it blocks on is not reported — and the note says why; a guarded
    optional import leaves its module importable."""
    root = CORPUS / "broken_legacy_library"
    result = analyze(root, sorted(root.rglob("*.py")))
    paths = {f.location.path for f in result.findings}
    assert paths == {
        "fetchkit/client.py",
        "fetchkit/legacy/speedups_user.py",
        "fetchkit/transports/streamq/client.py",  # (`from streamq.client import` is the library's)
    }
    [(path, _line, message)] = result.notes
    assert path == "fetchkit/legacy/indexer.py"
    assert "no fetchkit/legacy/log.py is on disk" in message
    assert "coroutines of the modules that need it were not checked" in message
    assert not result.unparsed  # (a library's broken module is no file unjam could not read)


def test_a_disk_cache_at_a_path_from_the_arguments_is_written_on_a_miss_only():
    """`if os.path.exists(path): read … else: generate; write path`: the write runs once per
    new path (a cache keyed by the arguments); the read-back runs on every call."""
    found = findings("memo_guards", "UJ001", "catalog/schemas.py")
    assert "on a cache miss only" in found[25].message, found[25].message
    assert "cache miss" not in found[21].message and "first call" not in found[21].message
    assert found[21].severity == Severity.ERROR


def test_a_disk_cache_written_after_an_early_return_is_written_on_a_miss_only():
    """`if os.path.exists(marker): with open(marker) as f: return f.read()`, then the write
    at the same path spelt out again: the rest of the function runs while the file is
    missing. A write of another file after the same test is per-call work."""
    found = findings("memo_guards", "UJ001", "catalog/schemas.py")
    assert "on a cache miss only" in found[42].message, found[42].message
    assert "cache miss" not in found[39].message
    assert "cache miss" not in found[53].message and "first call" not in found[53].message


def test_a_route_decorator_a_helper_returns_registers_the_route_where_it_is_written():
    """`@operation(service, "/infer", "infer")`, where `operation` returns `app.post(path,
    …)`: the route is `service`'s, at the path the decorator passes, with the dependencies
    the helper adds when the decorator's module names them alike."""
    main = findings("route_helpers", "UJ001", "scanner/main.py")
    assert "(POST /pipeline/infer)" in main[16].message, main[16].message
    assert "(GET /pipeline/status)" in main[26].message, main[26].message
    assert "(GET /shared/ping)" in main[34].message, main[34].message
    auth = findings("route_helpers", "UJ001", "scanner/auth.py")
    assert "async dependency `current_scanner` (GET /pipeline/status)" in auth[7].message


def test_an_init_s_test_of_a_field_it_just_kept_is_decided_by_the_construction():
    """`self.memory_path = memory_path` then `if self.memory_path:` in `__init__`: the chat
    route's `Transcript()` keeps None, so only the resume route, which names a file, preloads
    it. A field another method also sets (`archive_now`) is left undecided."""
    found = findings("arg_defaults", "UJ001", "mediahub/transcripts.py")
    assert "(POST /transcripts/resume)" in found[23].message, found[23].message
    assert "also reached from" not in found[23].message, found[23].message
    assert "(POST /transcripts/chat)" in found[27].message, found[27].message


def test_a_memo_of_an_instance_built_per_request_is_paid_by_each_instance():
    """`if not self._loaded:` on a `Meter()` the route builds per request: each new meter
    reads the table once, so the message says the memo is the instance's; on the module's
    one `SharedMeter` it is read on the first call only."""
    found = findings("memo_guards", "UJ001", "catalog/meters.py")
    assert "on the first call on each `Meter` instance only" in found[19].message
    assert "(GET /meters/usage)" in found[19].message, found[19].message
    assert "on the first call only" in found[35].message, found[35].message
    assert "instance" not in found[35].message.split(":")[0], found[35].message


def test_a_cache_keyed_by_what_the_call_fetched_pays_on_each_new_key():
    """`if pdf_url in self._saved:` with `pdf_url` read from an awaited reply, and `if not
    os.path.exists(path):` with `path` named after a digest of each post's image: each new
    address or image pays again. `if "posts" in _feeds:` keeps one value: once."""
    found = findings("memo_guards", "UJ001", "catalog/mirrors.py")
    for line in (29, 31, 51):
        assert "on a cache miss only" in found[line].message, found[line].message
    assert "on the first call only" in found[40].message, found[40].message


def test_a_file_test_whose_early_return_hands_back_the_written_path_is_a_disk_cache():
    """`if thumb.exists(): return thumb`, then `picture.save(thumb)`: the caller reads the
    thumbnail at the path it gets, so the folder is made on a miss only, once per image;
    the `exists()` test itself runs on every call."""
    found = findings("memo_guards", "UJ001", "catalog/mirrors.py")
    assert "on a cache miss only" in found[76].message, found[76].message
    assert "cache miss" not in found[72].message, found[72].message


def test_a_file_test_whose_early_exit_raises_guards_no_miss():
    """`if target.exists(): raise FileExistsError(...)`, then `target.mkdir()`: an existing
    folder is an error, so the mkdir is the normal path, made on every request that
    succeeds — not "while missing only"."""
    found = findings("memo_guards", "UJ001", "catalog/mirrors.py")
    assert "not stored yet" not in found[109].message, found[109].message
    assert "cache miss" not in found[109].message, found[109].message
    assert found[109].severity == Severity.ERROR


def test_a_file_test_telling_a_path_from_an_address_caches_nothing():
    """`if os.path.isfile(source): open(source) … else: httpx.get(source)`, `source` read
    from each item the call was given: the test picks how to read it; the fetch runs for
    every address passed, whatever was fetched before."""
    found = findings("memo_guards", "UJ001", "catalog/mirrors.py")
    for line in (92, 94):
        assert "cache miss" not in found[line].message, found[line].message
        assert "first call" not in found[line].message, found[line].message


def test_an_in_memory_upload_never_takes_a_reader_s_path_branch():
    """`TableReader().read(io.StringIO(...))` and `NoteReader().read(io.BytesIO(...))`: the
    readers' `if isinstance(file, Path):` branch (and the rest after `if not
    isinstance(file, (Path, str)): return …`) runs only for the samples route's path."""
    found = findings("upload_readers", "UJ001", "docs/readers.py")
    assert set(found) == {26}, found
    assert "(GET /samples/{name})" in found[26].message, found[26].message
    assert "other entry point" not in found[26].message, found[26].message


def test_a_decorator_a_factory_method_makes_passes_the_call_through():
    """`@reporter.watch()`, a method returning a decorator whose wrapper calls
    `func(*args, **kwargs)`: `recorder.finish(entry)` leaves `op` at `None`, so only the
    route passing `op` writes the file."""
    found = findings("arg_defaults", "UJ001", "mediahub/watched.py")
    assert "(POST /feed/{op})" in found[40].message, found[40].message
    assert "other entry point" not in found[40].message, found[40].message


def test_a_memo_flag_other_code_sets_back_runs_again_after_each_reset():
    """`if self._loaded: return` … `self._loaded = True` in `load`, and the `model` setter's
    `self._loaded = False`: the model is read on the first call and after each change of
    model — not once, and not on every call."""
    found = findings("memo_guards", "UJ001", "catalog/engines.py")
    message = found[31].message
    assert "again each time `_loaded` is set back to False" in message, message
    assert "on the first call on each `Engine` instance" in message, message
    assert found[31].severity == Severity.ERROR


def test_a_method_an_app_registers_as_a_route_runs_on_that_app_s_one_instance():
    """`Route("/relay", self.relay)` in a Starlette subclass nobody in the project builds:
    each request runs on the instance the deployment built, so the memo it fills on `self`
    holds across requests — the first request reads the file, not each new instance."""
    found = findings("bound_routes", "UJ001", "relay/app.py")
    assert "on the first call only" in found[25].message, found[25].message
    assert "first call" not in found[31].message, found[31].message


def test_an_early_exit_on_a_loaded_key_is_a_per_key_memo():
    """`if name in Vocabulary._pool: return` (a pool the module assigns after the class
    body) whose rest fills `Vocabulary._pool[name]`: each new name pays once. `if name in
    BLOCKED: return`, a table nothing fills, is a switch: the rest runs on every call."""
    found = findings("memo_guards", "UJ001", "catalog/tokenizers.py")
    assert "on a cache miss only" in found[22].message, found[22].message
    assert "cache miss" not in found[37].message, found[37].message


def test_a_dependency_a_router_adds_under_a_test_is_counted_as_a_range():
    """`APIRouter(dependencies=[Depends(viewer_guard)] if auth_enabled else [])`, and
    `if settings.auth: dependencies.append(Depends(key_guard))`: the route runs that
    dependency only where the test holds, so the trips are a range, the piece says when, and
    a route that makes many trips only then is grouped apart under that test."""
    artworks = findings("conditional_deps", "UJ005", "gallery/api/artworks.py")
    added = artworks[9]
    assert "makes 2–3 trips" in added.message, added.message
    assert "`viewer_guard` when `auth_enabled`" in added.message, added.message
    assert "waits for a token 2–3 times" in added.message, added.message
    assert added.group.title.endswith("trips per request when `auth_enabled`"), added.group
    renamed = artworks[15]  # (three trips whatever the test: the group of every deployment)
    assert "makes 3–4 trips" in renamed.message, renamed.message
    assert renamed.group.title.endswith("trips per request"), renamed.group
    # (the route lists the router's conditional `viewer_guard` itself too: always run)
    removed = artworks[21]
    assert "makes 4 trips" in removed.message, removed.message
    assert "when `auth_enabled`" not in removed.message, removed.message
    keys = findings("conditional_deps", "UJ005", "gallery/keys.py")
    assert "`key_guard` when `settings.auth`" in keys[16].message, keys[16].message
    assert "makes 2–3 trips" in keys[16].message, keys[16].message
    # (what such a dependency blocks on, it blocks on only there)
    audit = findings("conditional_deps", "UJ001", "gallery/security.py")[25]
    assert "`audit_request` (POST /keys; only when `settings.audit`)" in audit.message, audit


def test_a_field_left_at_its_default_by_every_construction_decides_the_method_s_test():
    """`review = Review(name=...)` then `await review.arun()`, `if self.save_to is not None:`
    inside: a review handed on only after it ran, or built in both branches of an `if`
    without `save_to=`, never saves; the route that passes `save_to=` in one branch does."""
    result = analyze(CORPUS / "arg_defaults", sorted((CORPUS / "arg_defaults").rglob("*.py")))
    routes = {
        f.entry.route
        for f in result.findings
        if f.location.path == "mediahub/training.py" and f.location.line == 140
    }
    assert routes == {"POST /training/review/{kind}/saved"}, routes


def test_a_route_cadwyn_serves_counts_its_second_dependency_pass_and_version_dependency():
    """Cadwyn's wrapper solves the route's dependencies again and Cadwyn adds a sync
    `api_version_dependency`: each sync dependency is two trips, one more is the version
    dependency, and the wrapper being a coroutine, the response is validated on the loop."""
    found = findings("cadwyn_versions", "UJ005", "tasks/routes.py")
    read = found[27].message
    assert "GET /tasks/{task_id} makes at least 4 trips" in read, read
    assert "adds its sync `api_version_dependency` and solves `get_db` again" in read, read
    assert "validation" not in read, read
    assert "makes at least 6 trips" in found[32].message, found[32].message
    assert 38 not in found  # (the plain router's route: two trips)


def test_a_route_whose_router_is_included_under_a_test_is_said_to_be_served_only_then():
    """`if settings.beta: app.include_router(beta.router)`: what the route blocks on, it
    blocks on only in a deployment where the test holds."""
    found = findings("conditional_deps", "UJ001", "gallery/beta.py")[10]
    assert "(GET /beta/catalogue; only when `settings.beta`)" in found.message, found.message


def test_a_pool_the_project_sizes_is_raised_where_it_is_sized():
    """`total_tokens = 80` in a startup handler (or, under FastAPI 0.67, a default executor
    set there): a route's trips note points at that handler, not at the default of 40."""
    (audits,) = findings("memo_guards", "UJ005", "catalog/main.py").values()
    assert "`total_tokens` that `more_tokens` (catalog/main.py:41) sets" in audits.fix
    assert "= 100" not in audits.fix, audits.fix
    (regions,) = findings("old_fastapi_sized", "UJ005", "main.py").values()
    assert "the executor that `size_the_pool` (main.py:17) sets larger" in regions.fix, regions.fix


def test_a_factory_returning_one_of_several_dependencies_makes_the_count_a_floor():
    """`Annotated[str, role_acl(allow_api_key=True)]` of a factory with a `return
    Depends(...)` per branch: which one FastAPI solves (and its sync sub-dependency) is not
    picked, so the trips are "at least" so many."""
    (found,) = findings("deps_zoo", "UJ005", "zoo/api/gates.py").values()
    assert "makes at least 3 trips" in found.message, found.message
    assert "`role_acl(...)` returns one of several dependencies" in found.message, found.message


def test_a_row_read_through_django_s_async_orm_is_a_lookup():
    """`agent = await query.afirst()` of `query = Agent.objects.filter(slug=slug)`: the slug
    the request sends only selects the row whose endpoint configures the client."""
    (found,) = findings("connection_tests", "UJ003", "hookdesk/routers/agents.py").values()
    assert "from what it looks up through `query.afirst()`" in found.message, found.message
    assert "request sends" not in found.message, found.message


def test_a_validator_that_always_returns_a_sqlite_url_makes_the_database_local():
    """`@field_validator("database_url")` returning `f"sqlite:///{data_dir}/app.db"` replaces
    any URL the environment gives: no round trip in the pool, file I/O on the loop; a
    validator that returns the given value on a path keeps it the network."""
    assert not findings("sqlite_validated_url", "UJ005", "api/main.py")
    local = findings("sqlite_validated_url", "UJ001", "api/main.py")[21]
    assert local.kind == "file" and "database I/O" in local.message, local
    assert findings("sqlite_validator_passthrough", "UJ005", "api/main.py")
    remote = findings("sqlite_validator_passthrough", "UJ001", "api/main.py")[20]
    assert remote.kind == "network", remote


def test_a_stale_test_around_a_memo_of_something_else_does_not_make_it_expire():
    """`if frame is None or time.time() > taken + RETRY:` around `if request.app.error_image
    is None:`: the clock decides when the frame is stale; the image is read once."""
    found = findings("memo_guards", "UJ001", "catalog/snapshots.py")
    for line in (20, 22):
        assert "on the first call only" in found[line].message, found[line].message


def test_langchain_sync_calls_on_the_loop_name_their_async_twins():
    """A chat model's `invoke`, a `prompt | llm | parser` chain's `invoke` and `stream`, and
    an embeddings client's `embed_documents` wait on the provider's API: each fix names the
    async twin; a chain of a prompt and a parser alone calls no model."""
    found = findings("langchain_chat", "UJ001", "assistant/main.py")
    assert "`await chat.ainvoke(...)`" in found[14].fix, found[14].fix
    assert "`langchain_core.runnables.Runnable.invoke`" in found[24].message, found[24].message
    assert "`await summarise.ainvoke(...)`" in found[24].fix, found[24].fix
    assert "`async for chunk in summarise.astream(...)`" in found[29].fix, found[29].fix
    assert "`await embedder.aembed_documents(...)`" in found[54].fix, found[54].fix
    assert 39 not in found


def test_an_image_whose_pythonpath_names_the_checkout_finds_its_modules(tmp_path: Path):
    """The launcher of path_added_elsewhere puts another folder on `sys.path`; an image that
    sets `PYTHONPATH` to the engine's checkout (vendor/Engine) makes `modules.config`
    importable all the same: the app starts and is checked."""
    root = tmp_path / "path_added_elsewhere"
    shutil.copytree(CORPUS / "path_added_elsewhere", root)
    route = "service/routes/render.py"
    alone = analyze(root, sorted(root.rglob("*.py")))
    assert [path for path, _reason in alone.unparsed] == [route], alone.unparsed

    (root / "Dockerfile").write_text(
        'FROM python:3.12-slim\nENV PYTHONPATH=/srv:/srv/vendor/Engine\nCMD ["python", "main.py"]\n'
    )
    imaged = analyze(root, sorted(root.rglob("*.py")))
    assert not imaged.unparsed, imaged.unparsed
    assert [(f.code, f.location.path) for f in imaged.findings] == [("UJ001", route)]


def test_a_called_model_s_fix_hands_the_thread_the_instance():
    """`models.classifier(text)` and `detector(path)` call the instance itself: the fix hands
    it to the thread as the code names it, not the module it was read from nor `.__call__`."""
    api = findings("model_inference", "UJ001", "inference/api.py")
    assert "run_in_threadpool(models.classifier, ...)" in api[30].fix, api[30].fix
    media = findings("model_inference", "UJ001", "inference/media.py")
    assert "run_in_threadpool(detector, ...)" in media[39].fix, media[39].fix
    assert "run_in_threadpool(painter, ...)" in media[33].fix, media[33].fix


def test_a_first_call_group_beside_its_per_request_group_says_also(tmp_path):
    """`predict` sleeps on every call and reads the weights on its first call only: two
    groups of one root, whose first-call title must not deny the per-request one."""
    source = (
        "import time\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n_weights = None\n\n\n"
        "def load():\n    global _weights\n    if _weights is None:\n"
        "        _weights = open('weights.bin', 'rb').read()\n    return _weights\n\n\n"
        "def predict(x):\n    weights = load()\n    time.sleep(0.1)\n    return len(weights) + x\n"
        "\n\n@app.get('/predict')\nasync def serve(x: int):\n    return predict(x)\n"
    )
    titles = {f.blocker: f.group.title for f in one_file_findings(tmp_path, source, "UJ001")}
    assert titles["time.sleep"].endswith("blocks the event loop"), titles
    assert titles["builtins.open"].endswith("also blocks the event loop on the first call only")
    assert titles["time.sleep"].startswith("sync `predict`, called from async `serve`"), titles


def test_running_a_model_is_called_model_inference_not_cpu_work():
    """A forward pass may wait on a GPU: the message names what the call does."""
    found = findings("model_inference", "UJ001", "inference/api.py")
    assert "`transformers.PreTrainedModel.generate` (model inference)" in found[42].message
    assert "CPU-heavy" not in found[42].message


def test_a_settings_fallback_in_init_is_no_memo_of_the_instance(tmp_path):
    """`__init__` runs once on an instance just built: its `if not self.url:` reads the
    setting it was handed, so a file read under it is no first-call stall; a class whose
    `__new__` hands back a built instance keeps its guard in `__init__` as a memo."""
    source = (
        "import os\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        "class Central:\n    def __init__(self, url=None):\n        self.url = url\n"
        "        if not self.url:\n            for line in open(os.path.expanduser('~/.c')):\n"
        "                self.url = line.strip()\n\n\n"
        "class Form(Central):\n    def __init__(self, url=None):\n"
        "        super().__init__(url)\n\n\n"
        "class Shared:\n    _one = None\n\n    def __new__(cls):\n"
        "        if cls._one is None:\n            cls._one = super().__new__(cls)\n"
        "        return cls._one\n\n    def __init__(self):\n"
        "        if not getattr(self, 'key', None):\n"
        "            self.key = open('key.pem').read()\n\n\n"
        "def form(url):\n    return Form(url)\n\n\n"
        "@app.get('/forms')\nasync def forms(url: str | None = None):\n"
        "    return {'url': form(url).url, 'key': Shared().key}\n"
    )
    found = {f.location.line: f.message for f in one_file_findings(tmp_path, source, "UJ001")}
    assert "blocks the event loop: reached from" in found[12], found
    assert "first call" in found[31], found


def test_a_file_path_branch_is_reached_only_by_the_route_passing_a_path():
    """`parse` reads a file only when handed a path: the routes that pass an in-memory file
    (built in place, or by a function whose every `return` builds one) never take it."""
    found = findings("form_uploads", "UJ001", "forms/central.py")
    for line in (16, 18):
        assert "`from_template`" in found[line].message, found[line].message
        assert "also reached from" not in found[line].message, found[line].message


def test_an_endpoint_registered_for_head_and_get_is_named_by_its_get(tmp_path):
    """`@app.head` above `@app.get` on one endpoint: a HEAD handler often returns before the
    work (`if request.method == "HEAD":`), so the finding names the GET route."""
    source = (
        "import time\n\nfrom fastapi import FastAPI, Request, Response\n\napp = FastAPI()\n\n\n"
        "@app.head('/stream')\n@app.get('/stream')\nasync def stream(request: Request):\n"
        "    if request.method == 'HEAD':\n        return Response()\n"
        "    time.sleep(1)\n    return Response(b'data')\n"
    )
    (found,) = one_file_findings(tmp_path, source, "UJ001")
    assert "(GET /stream)" in found.message, found.message


def test_a_multiprocessing_event_is_named_so_and_waited_on_in_a_thread(tmp_path):
    """Another process sets it: the finding names multiprocessing's event, and its fix
    waits in a worker thread, as no asyncio primitive can stand in across processes."""
    source = (
        "from multiprocessing import Event, Process, Queue\n\nfrom fastapi import FastAPI\n\n"
        "app = FastAPI()\ndone = Event()\nresults = Queue()\n\n\n"
        "@app.get('/result')\nasync def result():\n    done.wait()\n    return results.get()\n\n\n"
        "@app.get('/poll')\nasync def poll():\n"
        "    return results.get() if not results.empty() else None\n"
    )
    listed = one_file_findings(tmp_path, source, "UJ001")
    found = {f.blocker: f for f in listed}
    assert set(found) == {"multiprocessing.Event.wait", "multiprocessing.Queue.get"}, found
    assert len(listed) == 2, [f.location for f in listed]  # (not the `get` after `empty()`)
    assert "asyncio.to_thread(done.wait" in found["multiprocessing.Event.wait"].fix
    assert "asyncio.Event" not in found["multiprocessing.Event.wait"].fix


def test_a_setting_no_code_writes_is_a_switch_though_another_setting_is_written():
    """`if not settings.STREAM_LOAD:` tests configuration: the lifespan writes
    `settings.CRON`, never `STREAM_LOAD`, so the download under it is per-request work, not a
    first-call stall."""
    found = findings("catalog_warmup", "UJ001", "index/data.py")
    for line in (46, 50):
        assert "first call" not in found[line].message, found[line].message


def test_a_pydantic_model_argument_is_always_true():
    """`if date_range:` given `DateRange(...)`, a pydantic model (no `__bool__` nor
    `__len__`): the `else` runs only for the route that passes `None`."""
    (found,) = findings("model_arguments", "UJ001", "planner/service.py").values()
    assert "`latest_plan`" in found.message, found.message
    assert "also reached from" not in found.message, found.message


def test_a_route_is_labelled_by_the_app_the_image_runs_not_a_copy_that_runs_itself():
    """The Dockerfile's `uvicorn app.main:app` names svc/app/main.py, spelled from its own
    folder; it only ends like svc/app/features/validate/app/main.py, a dev copy whose own
    `uvicorn.run("main:app")` runs itself and includes the same routes under another prefix."""
    (rates,) = findings("launched_copies", "UJ005", "svc/app/api.py").values()
    (check,) = findings(
        "launched_copies", "UJ005", "svc/app/features/validate/app/routes.py"
    ).values()
    assert "(GET /v1/rates)" in rates.message, rates.message
    assert "(GET /v1/validate/check)" in check.message, check.message


def test_a_module_whose_package_cannot_import_fails_and_each_reason_at_a_file_is_given():
    """kit/routers/items.py imports fine by itself, but importing it runs
    kit/routers/__init__.py first, whose import of audit.py fails: its route is not served.
    audit.py both imports a module nobody wrote and lacks a name exports.py imports from it:
    the note there gives both reasons."""
    root = CORPUS / "failing_package_init"
    result = analyze(root, sorted(root.rglob("*.py")))
    assert {f.location.path for f in result.findings} == {"kit/health.py"}
    [(path, reason)] = result.unparsed
    assert path == "kit/routers/audit.py"
    assert "no kit/storage.py is on disk" in reason, reason
    assert "kit/routers/audit.py defines no `AUDIT_LEVEL`" in reason, reason
    assert "kit/routers/exports.py:3" in reason, reason


def test_a_client_built_from_settings_the_app_keeps_on_its_state_is_made_once():
    """`resources = Depends(current_resources)` of a getter returning `request.app.state.
    resources`: what lifespan stored, the same on every request — no lookup to key by."""
    found = findings("app_state_memos", "UJ003", "shop/payments.py")
    gateway = found[12]
    assert "looks up" not in gateway.message, gateway.message
    assert "once" in gateway.fix and "keyed by" not in gateway.fix, gateway.fix


def test_a_folder_made_once_says_it_stays_on_disk_not_that_a_result_is_memoised(tmp_path):
    """`if not os.path.exists(folder): os.makedirs(folder)` runs once because the folder
    stays: the file system is the memo, no value is kept in memory."""
    source = (
        "import os\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\nDOCS = 'my-docs'\n\n\n"
        "@app.get('/files')\nasync def files():\n    if not os.path.exists(DOCS):\n"
        "        os.makedirs(DOCS)\n    return {}\n"
    )
    (made,) = [f for f in one_file_findings(tmp_path, source, "UJ001") if f.location.line == 12]
    assert "first call only (what it makes stays on disk" in made.message, made.message
    assert "memoised" not in made.message, made.message


def test_calls_on_a_kept_sqlite_connection_are_not_moved_to_a_thread_alone(tmp_path):
    """The spool opens its connection in `__init__`, on the loop: moving `claim`'s calls, or
    iterating `batches`, in a worker thread would raise sqlite3.ProgrammingError (by default
    a connection serves only the thread that opened it), so both group fixes say so."""
    source = (
        "import sqlite3\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        "class Spool:\n    def __init__(self, path):\n        self.db = sqlite3.connect(path)\n\n"
        "    async def claim(self, key):\n"
        "        self.db.execute('delete from q where k = ?', (key,))\n"
        "        self.db.commit()\n\n"
        "    def batches(self):\n        yield from self.db.execute('select k from q')\n\n\n"
        "SPOOL = Spool('spool.db')\n\n\n"
        "@app.post('/scan')\nasync def scan():\n    for row in SPOOL.batches():\n"
        "        await SPOOL.claim(row[0])\n"
    )
    fixes = {f.group.title: f.group.fix for f in one_file_findings(tmp_path, source, "UJ001")}
    assert len(fixes) == 2, fixes
    for title, fix in fixes.items():
        assert "only the thread that opened it may use" in fix, (title, fix)


def test_a_set_up_scheduling_on_the_loop_it_is_handed_is_not_moved_to_a_thread(tmp_path):
    """`initialize(loop)` builds an event service that schedules on the serving loop it is
    handed (`self._loop.create_task(...)`, not thread-safe from a worker thread): its fix
    moves only the blocking step to a thread. One that schedules on a loop of its own
    making runs anywhere."""
    source = (
        "import asyncio\nfrom contextlib import asynccontextmanager\n\n"
        "from fastapi import FastAPI\n\n\n"
        "class Events:\n    def __init__(self, loop):\n        self._loop = loop\n"
        "        self._loop.create_task(self._pump())\n\n"
        "    async def _pump(self):\n        await asyncio.sleep(0)\n\n\n"
        "def initialize(loop: asyncio.AbstractEventLoop):\n    Events(loop)\n"
        "    return open('secret.key').read()\n\n\n"
        "def warm_up():\n    loop = asyncio.new_event_loop()\n"
        "    loop.create_task(asyncio.sleep(0))\n    return open('warm.txt').read()\n\n\n"
        "@asynccontextmanager\nasync def lifespan(app):\n"
        "    initialize(asyncio.get_running_loop())\n    warm_up()\n    yield\n\n\n"
        "app = FastAPI(lifespan=lifespan)\n"
    )
    fixes = {f.group.title: f.group.fix for f in one_file_findings(tmp_path, source, "UJ002")}
    (bound,) = [fix for title, fix in fixes.items() if "`initialize`" in title]
    assert "needs the running event loop" in bound, bound
    (own,) = [fix for title, fix in fixes.items() if "`warm_up`" in title]
    assert "needs the running event loop" not in own and "to_thread(warm_up" in own, own


def test_a_call_handed_a_sqlite_connection_its_function_opened_moves_with_the_connect(tmp_path):
    """`df.to_sql(name, conn)` after `conn = sqlite3.connect(path)` on the loop: moved to a
    thread alone, the call would raise sqlite3.ProgrammingError there, so its fix says to
    open the connection in the same function; a call handed no connection keeps its own."""
    source = (
        "import sqlite3\n\nimport pandas as pd\nfrom fastapi import FastAPI, UploadFile\n\n"
        "app = FastAPI()\n\n\n@app.post('/csv')\nasync def load_csv(file: UploadFile):\n"
        "    conn = sqlite3.connect('/data/upload.sqlite')\n"
        "    frame = pd.read_csv(file.file)\n"
        "    frame.to_sql('rows', conn, if_exists='replace')\n    conn.close()\n"
    )
    fixes = {f.location.line: f.fix for f in one_file_findings(tmp_path, source, "UJ001")}
    assert fixes[13].startswith("open `conn` and call `to_sql` in one sync function"), fixes[13]
    assert "only the thread that opened it may use" in fixes[13]
    assert "conn" not in fixes[12], fixes[12]


def test_a_file_handed_to_an_awaited_consumer_is_read_into_a_file_in_memory(tmp_path):
    """`open(path, "rb")` handed to an `async def` that calls `file.read()`: the fix reads
    the bytes off the loop and hands the consumer `io.BytesIO(data)`, a file like the one it
    was given, not the bare bytes (which have no `read`)."""
    source = (
        "from fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        "async def store(file) -> int:\n    return len(file.read())\n\n\n"
        "@app.post('/sample')\nasync def sample():\n"
        "    with open('/srv/sample.db', 'rb') as f:\n        return await store(f)\n"
    )
    (finding,) = [f for f in one_file_findings(tmp_path, source, "UJ001") if f.location.line == 12]
    assert "`io.BytesIO(data)`" in finding.fix, finding.fix


def test_the_offload_fix_names_a_stored_function_as_the_caller_calls_it(tmp_path):
    """`extra.register_routes(code)` runs `register_routes_fn`, which a factory defines and
    the module stores on `extra`: the fix hands the thread the callable as the caller
    names it, not the nested function's own name, which nothing at the call site reaches."""
    source = (
        "from pathlib import Path\n\nfrom fastapi import FastAPI\n\napp = FastAPI()\n\n\n"
        "class Extra:\n    register_routes = None\n\n\nextra = Extra()\n\n\n"
        "def make_registrar(target: FastAPI):\n"
        "    def register_routes_fn(code: str) -> int:\n"
        "        return len(Path(f'/srv/ext/{code}.wasm').read_bytes())\n\n"
        "    return register_routes_fn\n\n\nextra.register_routes = make_registrar(app)\n\n\n"
        "@app.post('/extensions/{code}')\nasync def activate(code: str):\n"
        "    return extra.register_routes(code)\n"
    )
    (finding,) = one_file_findings(tmp_path, source, "UJ001")
    assert "`await asyncio.to_thread(extra.register_routes, ...)`" in finding.fix, finding.fix


def test_a_value_a_function_annotated_to_return_a_string_gives_is_never_none(tmp_path):
    """`user_hash = owner_id(raw)` with `def owner_id(raw) -> str` (it returns or raises):
    `logs_dir(user_hash)` never takes its `if user_hash is None:` branch, whose file read is
    not reported; passing the route's optional value leaves the branch to run."""
    source = (
        "from pathlib import Path\nfrom typing import Optional\n\n"
        "from fastapi import FastAPI, HTTPException\n\napp = FastAPI()\n\n\n"
        "def owner_id(raw: str) -> str:\n    if '/' in raw:\n        raise HTTPException(400)\n"
        "    return raw\n\n\n"
        "def logs_dir(user_hash: Optional[str] = None) -> Path:\n    if user_hash is None:\n"
        "        return Path('/logs') / Path('/etc/user_hash').read_text()\n"
        "    return Path('/logs') / user_hash\n\n\n"
        "@app.post('/download')\nasync def download(raw: str):\n"
        "    return str(logs_dir(owner_id(raw)))\n\n\n"
        "@app.post('/logs')\nasync def logs(raw: Optional[str] = None):\n"
        "    return str(logs_dir(raw))\n"
    )
    routes = {f.entry.route for f in one_file_findings(tmp_path, source, "UJ001")}
    assert routes == {"POST /logs"}, routes


def test_a_lambda_dependency_is_a_trip_of_its_own_named_as_a_lambda(tmp_path):
    """`Depends(lambda: app.state.limit)`: a plain function FastAPI runs in the pool, one
    more trip, shown as the `<lambda>` it is (not `<module>.<lambda>`)."""
    source = (
        "from fastapi import Depends, FastAPI\n\n"
        "app = FastAPI()\n"
        "app.state.limit = 10\n\n\n"
        "def get_db():\n"
        "    yield {}\n\n\n"
        '@app.get("/items")\n'
        "def items(db=Depends(get_db), limit=Depends(lambda: app.state.limit)):\n"
        '    return {"limit": limit}\n'
    )
    [trips] = one_file_findings(tmp_path, source, "UJ005")
    assert "makes 3 trips through the thread pool per request (`get_db`, `<lambda>`, `items`" in (
        trips.message
    ), trips.message


def test_a_fix_hands_the_thread_the_method_bound_as_the_caller_writes_it():
    """`get_store().archive(...)` and `cast(Store, _store).restore(...)`: `to_thread(
    Store.archive, ...)` would need the instance passed; the bound method needs nothing."""
    result = analyze(CORPUS / "aliased_calls", sorted((CORPUS / "aliased_calls").rglob("*.py")))
    fixes = {
        f.entry.name: f.fix
        for f in result.findings
        if f.code == "UJ001" and f.location.path == "rentals/stores.py"
    }
    assert "asyncio.to_thread(get_store().archive, ...)" in fixes["archive_rental"], fixes
    assert "asyncio.to_thread(cast(Store, _store).restore, ...)" in fixes["restore_rental"], fixes


PROPERTY_READ = """
import sqlite3

from fastapi import FastAPI

app = FastAPI()


class Tokens:
    @property
    def setup_token(self) -> str:
        return sqlite3.connect("auth.db").execute("SELECT token FROM setup").fetchone()[0]

    def verify(self, token: str) -> bool:
        token = token.strip()
        expected = self.setup_token
        return token == expected


tokens = Tokens()


@app.post("/setup")
async def setup(token: str):
    return {"ok": tokens.verify(token)}
"""


def test_a_property_read_into_a_local_is_placed_at_its_line_not_the_def(tmp_path):
    """`expected = self.setup_token` keeps no line in the summary: the chain's step for
    `verify` names the line that reads the property, where the getter runs."""
    (tmp_path / "main.py").write_text(PROPERTY_READ)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    found = [f for f in result.findings if f.code == "UJ001"]
    assert found, result.findings
    for finding in found:
        steps = [(step.name, step.line) for step in finding.chain]
        assert ("Tokens.verify", 16) in steps, steps


def test_a_memo_the_route_fills_in_a_thread_first_is_no_first_call_stall_there():
    """`await run_with_deadline(service.ensure_loaded)` before `service.verify(token)`: the
    secret is loaded in a worker thread, so `verify`'s memo is full on the loop (`check`,
    `renew`); `maybe` loads it only `if warm:`, so its `verify` may be the first call."""
    found = findings("preloaded_memos", "UJ001", "tokens.py")
    assert found[22].entry.name == "maybe", found[22]
    assert "reached from async endpoint `maybe`" in found[22].message


def test_a_task_several_routes_start_names_them_all(tmp_path):
    """`background_tasks.add_task(process, ...)` from three routes: which one's data takes a
    path in `process` is not known, so the task is named with all of them, not the first."""
    (tmp_path / "main.py").write_text(
        "import shutil\n\n"
        "from fastapi import BackgroundTasks, FastAPI\n\n"
        "app = FastAPI()\n\n\n"
        "async def process(path: str | None, url: str | None) -> None:\n"
        "    if path:\n"
        "        shutil.copy(path, '/srv/content/')\n\n\n"
        '@app.post("/content")\n'
        "async def upload(tasks: BackgroundTasks):\n"
        "    tasks.add_task(process, None, None)\n\n\n"
        '@app.post("/content/{cid}/refresh")\n'
        "async def refresh(cid: str, tasks: BackgroundTasks):\n"
        "    tasks.add_task(process, f'/srv/{cid}', None)\n\n\n"
        '@app.post("/remote")\n'
        "async def remote(url: str, tasks: BackgroundTasks):\n"
        "    tasks.add_task(process, None, url)\n"
    )
    (copy,) = [f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings if f.code == "UJ001"]
    assert (
        "background task `process` (started by POST /content, POST /content/{cid}/refresh and "
        "POST /remote)" in copy.message
    ), copy.message
    assert copy.entry.route == "POST /content"  # (the route the doctor matches it with)


def test_a_memo_an_http_middleware_also_fills_is_named_at_the_middleware(tmp_path):
    """The app's HTTP middleware runs before every route: the first call of a memoised
    loader both reach, the one that stalls, is the middleware's, not the route's."""
    (tmp_path / "main.py").write_text(
        "from pathlib import Path\n\n"
        "from fastapi import FastAPI, Request\n\n"
        "app = FastAPI()\n"
        "_locales: dict = {}\n\n\n"
        "def load_locales() -> dict:\n"
        "    if not _locales:\n"
        "        for path in Path('locales').glob('*.json'):\n"
        "            _locales[path.stem] = path.read_text()\n"
        "    return _locales\n\n\n"
        '@app.get("/labels")\n'
        "async def labels():\n"
        "    return load_locales()\n\n\n"
        '@app.middleware("http")\n'
        "async def set_locale(request: Request, call_next):\n"
        "    request.state.locales = load_locales()\n"
        "    return await call_next(request)\n"
    )
    found = [f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings if f.code == "UJ001"]
    assert found and all(f.entry.name == "set_locale" for f in found), found
    assert all("on the first call only" in f.message for f in found)


def test_a_field_kept_only_when_its_argument_is_given_is_none_without_it():
    """`self.folder = Path(folder) if folder else None`, then `if self.folder:`: the render
    route's `PromptLibrary()` keeps None, so only the import route loads the folder."""
    found = findings("arg_defaults", "UJ001", "mediahub/prompts.py")
    assert "(POST /prompts/import)" in found[21].message, found[21].message
    assert "also reached from" not in found[21].message, found[21].message


def test_a_keyword_a_call_leaves_out_is_none_where_the_callee_hands_it_on():
    """`delay = cast(…, kwargs.get("mock_delay", None))` then `mock_reply(…, delay=delay)`:
    the health route passes no delay, so only the slow route's call sleeps in the mock, also
    after `complete` pops keys it computes and pops the delay once read."""
    found = findings("arg_defaults", "UJ001", "mediahub/mocked.py")
    assert "(GET /checks/slow)" in found[78].message, found[78].message
    assert "also reached from" not in found[78].message, found[78].message


def test_a_task_a_route_s_streaming_generator_starts_is_labelled_with_the_route(tmp_path):
    """`asyncio.create_task(save(...))` inside the generator a route streams: the task is
    the route's, as one the endpoint starts itself is; one a dependency every route shares
    starts stays unlabelled (which route it came from is not known)."""
    found = _by_line(tmp_path, STREAMED_TASKS)
    assert "background task `save` (POST /chat)" in found[9].message, found[9].message
    assert found[13].entry.route is None, found[13].message


def test_a_client_rebuilt_only_once_the_last_one_closed_is_no_per_request_client(tmp_path):
    """`if self._client.is_closed: self._client = self.create_client()` on a handler kept
    per name: a new client after each close, not one per request; a handler the dependency
    builds per request still builds its client in `__init__` on every request."""
    (tmp_path / "main.py").write_text(REBUILT_WHEN_CLOSED)
    found = [f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings if f.code == "UJ003"]
    assert [(f.location.line, f.entry.route) for f in found] == [(13, "POST /fresh")], found
    assert [step.name for step in found[0].chain][:2] == ["fresh_client", "Handler.__init__"]


REBUILT_WHEN_CLOSED = """\
import httpx
from fastapi import Depends, FastAPI

app = FastAPI()


class Handler:
    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self._client = self.create_client()

    def create_client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(timeout=self.timeout)

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client.is_closed:
            self._client = self.create_client()
        return self._client


_handlers: dict[str, Handler] = {}


def get_handler(name: str) -> Handler:
    if name not in _handlers:
        _handlers[name] = Handler(5.0)
    return _handlers[name]


def kill_switch_client() -> httpx.AsyncClient:
    return get_handler("kill").client


def fresh_client() -> httpx.AsyncClient:
    return Handler(1.0).client


@app.post("/kill")
async def kill(client: httpx.AsyncClient = Depends(kill_switch_client)):
    return {"ok": True}


@app.post("/fresh")
async def fresh(client: httpx.AsyncClient = Depends(fresh_client)):
    return {"ok": True}
"""


def test_a_dict_of_work_in_flight_is_no_cache(tmp_path):
    """`if rid in self._running: return` … `self._running[rid] = Thread(...)`: the test
    skips a second start while the first runs and keeps no result, so the sleep before the
    start runs on every request with a new id: not "on a cache miss only"."""
    found = _by_line(tmp_path, WORK_IN_FLIGHT)
    assert "(POST /stop/{rid})" in found[15].message, found[15].message
    assert "cache miss" not in found[15].message, found[15].message


STREAMED_TASKS = """\
import asyncio
from fastapi import Depends, FastAPI
from fastapi.responses import StreamingResponse

app = FastAPI()


async def save(text: str) -> None:
    open('/srv/log.txt', 'a').write(text)


async def audit() -> None:
    open('/srv/audit.txt', 'a').write('seen')


async def seen() -> None:
    asyncio.create_task(audit())


@app.post("/chat", dependencies=[Depends(seen)])
async def chat(q: str):
    async def stream():
        yield q
        asyncio.create_task(save(q))

    return StreamingResponse(stream())


@app.post("/ping", dependencies=[Depends(seen)])
async def ping():
    return 'pong'
"""

WORK_IN_FLIGHT = """\
import threading
import time
from fastapi import FastAPI

app = FastAPI()


class Manager:
    def __init__(self) -> None:
        self._running: dict[str, threading.Thread] = {}

    def stop(self, rid: str) -> None:
        if rid in self._running:
            return
        time.sleep(1)
        worker = threading.Thread(target=print, args=(rid,))
        self._running[rid] = worker
        worker.start()


manager = Manager()


@app.post("/stop/{rid}")
async def stop(rid: str) -> None:
    manager.stop(rid)
"""


def _by_line(tmp_path, source: str) -> dict:
    """The findings of `source` written as main.py, by line."""
    (tmp_path / "main.py").write_text(source)
    return {f.location.line: f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings}
