"""Targets from a real FastAPI app's OpenAPI schema: valid requests, or a reason why not."""

import copy
import json
import subprocess
import sys

import pytest

from unjam.load import Target, run_load, targets_from_openapi
from unjam.server import serve_app

APPS = "tests/load_data"


@pytest.fixture(scope="module")
def schema():
    sys.path.insert(0, APPS)
    try:
        from openapi_app import app
    finally:
        sys.path.remove(APPS)
    return app.openapi()


@pytest.fixture(scope="module")
def server():
    with serve_app("openapi_app:app", app_dir=APPS) as srv:
        yield srv


def test_every_buildable_operation_gets_a_target(schema):
    built, skipped = targets_from_openapi(schema, "http://127.0.0.1:9")
    routes = dict(built)
    assert set(routes) == {
        "GET /items/{item_id}",
        "POST /invoice",
        "PUT /users/{name}",
        "GET /search",
    }
    assert skipped == [("GET /me", "needs auth")]
    # path + query params satisfy their constraints (item_id >= 7, q has >= 3 chars)
    item = routes["GET /items/{item_id}"]
    assert (
        item.url.startswith("http://127.0.0.1:9/items/7?q=") and len(item.url.split("q=")[1]) >= 3
    )
    # schema examples come first
    assert routes["PUT /users/{name}"].url.endswith("/users/ada")
    assert json.loads(routes["PUT /users/{name}"].body) == {"bio": "hi"}
    assert routes["GET /search"].url.endswith("/search?limit=10")  # the default
    # the body follows the $ref into components, nested model included
    invoice = json.loads(routes["POST /invoice"].body)
    assert invoice["currency"] in ("EUR", "USD") and len(invoice["address"]["zip"]) == 5
    assert routes["POST /invoice"].headers["Content-Type"] == "application/json"


def test_generation_is_deterministic(schema):
    first = targets_from_openapi(schema, "http://x")
    assert targets_from_openapi(schema, "http://x") == first


def test_uploads_forms_and_cookies_are_skipped_with_a_reason(schema):
    doc = copy.deepcopy(schema)
    doc["paths"]["/upload"] = {
        "post": {
            "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object"}}}}
        }
    }
    doc["paths"]["/login"] = {
        "post": {
            "requestBody": {
                "content": {"application/x-www-form-urlencoded": {"schema": {"type": "object"}}}
            }
        }
    }
    doc["paths"]["/cart"] = {
        "get": {"parameters": [{"name": "session", "in": "cookie", "required": True}]}
    }
    _, skipped = targets_from_openapi(doc, "http://x")
    reasons = dict(skipped)
    assert reasons["POST /upload"] == "multipart upload"
    assert reasons["POST /login"] == "form body"
    assert "cookie" in reasons["GET /cart"]


def test_generated_requests_are_accepted_by_the_app(server, schema):
    built, _ = targets_from_openapi(schema, server.url)
    targets = [target for _, target in built]
    result = run_load(targets, concurrency=2, requests=len(targets) * 3)
    assert result.status_codes == {200: len(targets) * 3}, result.errors


def test_cli_reads_the_schema_from_the_running_app(server):
    out = subprocess.run(
        [sys.executable, "-m", "unjam", "load", "--openapi", server.url + "/openapi.json",
         "-n", "8", "-c", "2", "-f", "json"],
        capture_output=True, text=True, timeout=90,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "skipping GET /me: needs auth" in out.stderr
    data = json.loads(out.stdout)
    assert data["status_codes"] == {"200": 8}
    assert len(data["unjam"]["targets"]) == 4


def test_target_shorthand():
    assert Target("http://127.0.0.1:1/x") == Target("GET", "http://127.0.0.1:1/x")


def test_cli_reads_a_schema_file_with_a_base_url(server, schema, tmp_path):
    path = tmp_path / "openapi.json"
    path.write_text(json.dumps(schema))
    args = [sys.executable, "-m", "unjam", "load", "--openapi", str(path), "-n", "4", "-f", "json"]
    missing = subprocess.run(args, capture_output=True, text=True, timeout=90)
    assert missing.returncode == 2 and "--base-url" in missing.stderr
    out = subprocess.run(
        [*args, "--base-url", server.url], capture_output=True, text=True, timeout=90
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["status_codes"] == {"200": 4}
