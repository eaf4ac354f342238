"""The tests a finding's path runs under (path_conditions.py), named in its details and in
the text output: a real engine run on a small app, then the report as a user reads it."""

from __future__ import annotations

import json

from unjam.analysis.engine import analyze
from unjam.analysis.output import CheckReport, render

APP = """
import os
import shutil

from fastapi import FastAPI

app = FastAPI()
SAVE_RESPONSES = os.environ.get("SAVE_RESPONSES") == "1"


def store(text: str, target: str) -> None:
    if SAVE_RESPONSES:
        if os.path.isdir(target):
            shutil.rmtree(target)
        elif os.path.islink(target):
            os.unlink(target)
        else:
            with open(target, "w") as out:
                out.write(text)


def archive(target: str, keep: bool) -> None:
    with open(target) as old:
        shutil.copyfileobj(old, open(target + ".bak", "w"))
    if (
        keep
    ):
        shutil.move(target, "/tmp/kept")


@app.post("/answer")
async def answer(text: str, target: str, media_id: str | None = None, keep: bool = False):
    if media_id:
        store(text, target)
    archive(target, keep)
    return {}
"""


def _findings(tmp_path) -> dict:
    (tmp_path / "main.py").write_text(APP)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    return {f.location.line: f for f in result.findings if f.code == "UJ001"}


def test_each_if_and_else_on_the_path_is_named_from_the_entry_down(tmp_path):
    found = _findings(tmp_path)
    rmtree, unlink, write = found[14], found[16], found[18]
    assert [c["test"] for c in rmtree.details["conditions"]] == [
        "media_id",
        "SAVE_RESPONSES",
        "os.path.isdir(target)",
    ]
    # an `elif`: its own test, and that the tests before it failed, at its line
    assert [(c["line"], c["test"]) for c in unlink.details["conditions"]][-1] == (
        15,
        "not os.path.isdir(target) and os.path.islink(target)",
    )
    # an `else` after `elif`s: none of the chain's tests held; the line is the `if`'s
    assert [(c["line"], c["test"]) for c in write.details["conditions"]] == [
        (33, "media_id"),
        (12, "SAVE_RESPONSES"),
        (13, "not os.path.isdir(target) and not os.path.islink(target)"),
    ]
    assert all(c["path"] == "main.py" for c in write.details["conditions"])


def test_a_call_under_no_test_has_none_and_a_header_split_over_lines_is_read_whole(tmp_path):
    found = _findings(tmp_path)
    assert "conditions" not in found[23].details  # `open` in a `with` only
    assert [(c["line"], c["test"]) for c in found[28].details["conditions"]] == [(25, "keep")]


def test_the_text_output_names_them_and_the_json_carries_them(tmp_path):
    found = _findings(tmp_path)
    report = CheckReport(root=tmp_path, findings=(found[14],), files=1, unparsed=(), seconds=0)
    text = render(report, "text")
    assert "  when `media_id` (main.py:33); `SAVE_RESPONSES` (main.py:12);" in text
    data = json.loads(render(report, "json"))
    assert data["findings"][0]["details"]["conditions"][0] == {
        "path": "main.py",
        "line": 33,
        "test": "media_id",
    }


CLIENTS = """
import httpx
from fastapi import FastAPI

app = FastAPI()


@app.post("/messages")
async def receive(media_id: str | None = None) -> dict:
    if media_id:
        media = httpx.AsyncClient()
        await media.get(f"https://media.example/{media_id}")
    return {}


@app.get("/ping")
async def ping() -> dict:
    client = httpx.AsyncClient()
    await client.get("https://upstream.example/ping")
    return {}
"""


def test_a_client_built_under_a_test_is_not_said_to_be_built_on_every_request(tmp_path):
    (tmp_path / "main.py").write_text(CLIENTS)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    made = {f.entry.name: f for f in result.findings if f.code == "UJ003"}
    assert "on every request that takes this path (" in made["receive"].message
    assert made["receive"].details["conditions"][0]["test"] == "media_id"
    assert "on every request (" in made["ping"].message, made["ping"].message
    assert "conditions" not in made["ping"].details


REDEFINED = """
import os

from fastapi import FastAPI

app = FastAPI()

if os.environ.get("LOCAL_FILES"):

    def fetch(target: str) -> str:
        if target.startswith("/srv"):
            return open(target).read()
        return ""

else:

    def fetch(target: str) -> str:
        if target.endswith(".txt"):
            return open(target).read()
        return ""


@app.get("/files/{target}")
async def read(target: str) -> dict:
    return {"text": fetch(target)}
"""


def test_each_body_of_a_name_defined_twice_names_its_own_tests(tmp_path):
    (tmp_path / "main.py").write_text(REDEFINED)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    found = {f.location.line: f for f in result.findings if f.code == "UJ001"}
    assert found[12].details["conditions"][-1]["test"] == 'target.startswith("/srv")'
    assert found[19].details["conditions"][-1]["test"] == 'target.endswith(".txt")'


EARLY_RETURNS = """
import os

from fastapi import FastAPI

app = FastAPI()


def load(name: str, enabled: bool, tries: int) -> str | None:
    if not enabled:
        return None
    if tries is None: return None
    if name.startswith("x"):
        raise ValueError(name)
    if name == "skip":
        print("skipping")
    else:
        return None
    for attempt in range(tries):
        if attempt > 3:
            return None
        if (
            name.endswith(".gz")
        ):
            print("compressed")
            return (
                None
            )
        if attempt == 2: continue
        with open(name) as source:
            return source.read()
    return None


@app.get("/load")
async def route(name: str):
    return load(name, os.environ.get("ON") == "1", 3)
"""


def test_an_early_return_before_the_call_is_named_as_the_test_that_failed(tmp_path):
    (tmp_path / "main.py").write_text(EARLY_RETURNS)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    (found,) = [f for f in result.findings if f.code == "UJ001"]
    # an `if` ending in `raise`, or with an `else`, is passed; a `return` split over lines,
    # a header split over lines and a loop's `continue` are read
    assert [(c["line"], c["test"]) for c in found.details["conditions"]] == [
        (10, "enabled"),
        (12, "tries is not None"),
        (20, "not (attempt > 3)"),
        (22, 'not name.endswith(".gz")'),
        (29, "attempt != 2"),
    ]


TASKS = """
import asyncio
import os
import time

from fastapi import FastAPI

DESKTOP = os.environ.get("DESKTOP") == "1"


async def send_telemetry() -> None:
    time.sleep(1)


async def refresh() -> None:
    time.sleep(2)


async def warm() -> None:
    time.sleep(3)


async def lifespan(app):
    if DESKTOP:
        asyncio.create_task(refresh())
        asyncio.create_task(warm())
    yield


app = FastAPI(lifespan=lifespan)


@app.post("/start")
async def start() -> dict:
    if DESKTOP:
        asyncio.create_task(send_telemetry())
    asyncio.create_task(refresh())
    return {}
"""


def test_a_task_started_under_a_test_says_when_it_runs(tmp_path):
    """The test around `create_task(...)` is the task's own condition, as a router's include
    is its routes'; a task started at two places, one of them under no test, has none."""
    (tmp_path / "main.py").write_text(TASKS)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    messages = {f.location.line: f.message for f in result.findings if f.code == "UJ001"}
    assert "background task `send_telemetry` (POST /start; only when `DESKTOP`)" in messages[12]
    assert "background task `refresh` (POST /start)" in messages[16], messages[16]
    assert "background task `warm` (only when `DESKTOP`)" in messages[20], messages[20]


IN_A_TEST = """
from fastapi import FastAPI

app = FastAPI()


def visible(path: str, cfg: dict) -> bool:
    if cfg.get("on"):
        if (
            path.startswith("/srv")
            and open(path).read()
        ):
            return True
    return bool(
        open(path).read()
    )


@app.get("/visible")
async def route(path: str):
    return {"visible": visible(path, {"on": True})}
"""


def test_a_call_inside_a_split_test_or_statement_runs_under_the_tests_around_it(tmp_path):
    """`open(path).read()` is part of the `if (` test it sits in: not a condition of its
    own call; a call on a statement's second line keeps the tests around the statement."""
    (tmp_path / "main.py").write_text(IN_A_TEST)
    result = analyze(tmp_path, [tmp_path / "main.py"])
    found = {f.location.line: f for f in result.findings if f.code == "UJ001"}
    assert [c["test"] for c in found[11].details["conditions"]] == ['cfg.get("on")']
    assert "conditions" not in found[15].details


SWITCHED = """
import os

from fastapi import FastAPI, HTTPException

app = FastAPI()


class Config:
    ENABLE_IMAGE_EDIT = os.environ.get("ENABLE_IMAGE_EDIT") == "1"


config = Config()


@app.post("/edit")
async def edit(name: str):
    if not config.ENABLE_IMAGE_EDIT:
        raise HTTPException(403)
    if not name: raise HTTPException(400)
    if name.startswith("x"):
        raise HTTPException(422)
    if not os.getenv("EDITS"): raise HTTPException(404)
    url = os.environ.get("EDIT_URL", "")
    size = len(name)
    if not url:
        raise HTTPException(503)
    if not size:
        raise HTTPException(400)
    with open(name) as source:
        return source.read()
"""


def test_a_feature_switch_that_refuses_the_request_is_named_a_check_of_it_is_not(tmp_path):
    """`if not config.ENABLE_IMAGE_EDIT: raise HTTPException(403)` at the top of a route: the
    path runs only with the feature on, which the user must know (also through a local read
    from the environment, `url = os.environ.get(…)` then `if not url:`); the route's checks
    of its own input (`if not name: raise …`) are not conditions of a deployment."""
    (tmp_path / "main.py").write_text(SWITCHED)
    (found,) = [f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings]
    assert [(c["line"], c["test"]) for c in found.details["conditions"]] == [
        (18, "config.ENABLE_IMAGE_EDIT"),
        (23, 'os.getenv("EDITS")'),
        (26, "url"),
    ]


OPERANDS = """
from pathlib import Path

from fastapi import FastAPI

app = FastAPI()


@app.get("/wit")
async def wit(name: str):
    wit_path = Path(name) if name else None
    if wit_path and not wit_path.is_file():
        raise FileNotFoundError(name)
    if name.startswith("x") or Path(name).exists():
        return name
    return None
"""


def test_a_call_in_an_if_s_own_test_runs_when_the_operands_before_it_let_it(tmp_path):
    """`if wit_path and not wit_path.is_file():` calls `is_file` only when `wit_path`
    holds; `if a or b():` calls `b` only when `a` failed."""
    (tmp_path / "main.py").write_text(OPERANDS)
    found = {f.location.line: f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings}
    assert [(c["line"], c["test"]) for c in found[12].details["conditions"]] == [(12, "wit_path")]
    assert [(c["line"], c["test"]) for c in found[14].details["conditions"]] == [
        (14, 'not name.startswith("x")')
    ]


INCLUDED_AFTER_EXIT = """
import os
import time

from fastapi import APIRouter, FastAPI

ENABLED = os.environ.get("CONSUMER") == "1"
app = FastAPI()
lineage = APIRouter()
reports = APIRouter()
APPS: dict[str, FastAPI] = {}


@lineage.post("/lineage")
async def receive() -> dict:
    time.sleep(1)
    return {}


@reports.get("/reports")
async def report() -> dict:
    time.sleep(2)
    return {}


def register(target: FastAPI) -> None:
    if not ENABLED:
        return
    target.include_router(lineage)


def build(key: str) -> FastAPI:
    if key in APPS:
        return APPS[key]
    api = FastAPI()
    api.include_router(reports)
    APPS[key] = api
    return api


register(app)
app.mount("/api", build("v1"))
"""


def test_a_router_included_after_an_early_exit_is_served_only_when_it_passed(tmp_path):
    """`if not ENABLED: return` before `include_router(lineage)`: the route is served only
    with the consumer on; an app factory's cache hit (`return APPS[key]`) hands back an app
    that a call which did include the router built, so it is no condition of the route."""
    (tmp_path / "main.py").write_text(INCLUDED_AFTER_EXIT)
    found = {f.location.line: f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings}
    assert "(POST /lineage; only when `ENABLED`)" in found[16].message, found[16].message
    assert "only when" not in found[22].message, found[22].message
