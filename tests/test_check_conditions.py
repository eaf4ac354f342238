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
    assert [c["test"] for c in unlink.details["conditions"]][-1] == "os.path.islink(target)"
    # an `else` after `elif`s: none of the chain's tests held; the line is the `if`'s
    assert [(c["line"], c["test"]) for c in write.details["conditions"]] == [
        (33, "media_id"),
        (12, "SAVE_RESPONSES"),
        (13, "not (os.path.isdir(target)) and not (os.path.islink(target))"),
    ]
    assert all(c["path"] == "main.py" for c in write.details["conditions"])


def test_a_call_under_no_test_has_none_and_a_header_split_over_lines_is_left_out(tmp_path):
    found = _findings(tmp_path)
    assert "conditions" not in found[23].details  # `open` in a `with` only
    assert "conditions" not in found[28].details  # `if (\n keep\n ):` is not read


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
