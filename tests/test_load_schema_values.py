"""OpenAPI example values read from the schema (unjam/load/schema_values.py): a real FastAPI
app using pydantic's whole JSON Schema vocabulary accepts every generated request, and
hand-written schemas cover what pydantic does not write (OpenAPI 3.0, patterns, limits)."""

import runpy
import urllib.error
import urllib.request

import jsonschema
import pytest

from unjam.load.openapi import generate, targets_from_openapi
from unjam.load.schema_values import CannotBuild, value
from unjam.load.shortest_match import shortest_match
from unjam.server import serve_app

APPS = "tests/load_data"


@pytest.fixture(scope="module")
def zoo():
    """The schema FastAPI would serve at /openapi.json (the served test fetches requests)."""
    return runpy.run_path(f"{APPS}/schema_zoo_app.py")["app"].openapi()


def test_every_route_of_the_zoo_is_built(zoo):
    built, skipped = targets_from_openapi(zoo, "http://127.0.0.1:9")
    assert skipped == []
    assert sorted(route for route, _ in built) == [
        "GET /bounds/{n}",
        "POST /everything/{item}",
        "PUT /pets",
    ]
    bounds = dict(built)["GET /bounds/{n}"]
    assert bounds.url == "http://127.0.0.1:9/bounds/-4?step=5&frac=0.5"  # nearest to 0


@pytest.mark.slow
def test_the_zoo_accepts_every_generated_request(zoo):
    with serve_app("schema_zoo_app:app", app_dir=APPS) as server:
        built, _ = targets_from_openapi(zoo, server.url)
        statuses = {}
        for route, target in built:
            request = urllib.request.Request(
                target.url, data=target.body or None, headers=target.headers, method=target.method
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    statuses[route] = response.status
            except urllib.error.HTTPError as err:
                statuses[route] = (err.code, err.read().decode()[:500])
    assert statuses == {route: 200 for route, _ in built}


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "integer", "exclusiveMinimum": 0, "multipleOf": 4},
        {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 0.1},
        {"type": ["null", "string"], "format": "date-time"},
        {"type": "string", "pattern": r"^(ab|cd)+-[^a-z0-9]{2}\1$"},
        {"type": "string", "pattern": r"[a-f]{3}", "minLength": 5, "maxLength": 6},
        {"type": "string", "pattern": r"^\d+$", "minLength": 3},
        {"type": "array", "items": {"type": "boolean"}, "minItems": 2},
        {"type": "object", "additionalProperties": {"type": "integer"}, "minProperties": 2},
        {"allOf": [{"type": "integer", "minimum": 2}, {"minimum": 5, "maximum": 9}]},
        {"oneOf": [{"type": "null"}, {"type": "string", "const": "on"}]},
        {"anyOf": [{"type": "string", "maxLength": 0, "minLength": 1}, {"type": "integer"}]},
        {"$ref": "#/components/schemas/Node"},
    ],
)
def test_hand_written_schemas_get_a_valid_value(schema):
    root = {
        "components": {
            "schemas": {
                "Node": {
                    "type": "object",
                    "required": ["name", "child"],
                    "properties": {
                        "name": {"type": "string", "enum": ["root", "leaf"]},
                        "child": {
                            "anyOf": [{"$ref": "#/components/schemas/Node"}, {"type": "null"}]
                        },
                    },
                }
            }
        }
    }
    built = value(schema, root)
    assert built is not None
    jsonschema.validate(built, {**schema, **root})


def test_openapi_30_bounds_and_nullable_are_read():
    assert value({"type": "integer", "minimum": 3, "exclusiveMinimum": True}, {}) == 4
    assert value({"type": "number", "maximum": -2, "exclusiveMaximum": True}, {}) == -3
    assert value({"type": "string", "nullable": True, "minLength": 2}, {}) == "aa"
    assert value({"type": "string", "pattern": r"^\d+$", "minLength": 3}, {}) == "000"


def test_a_recursive_model_stops_at_its_nullable_branch():
    root = {
        "components": {
            "schemas": {
                "Node": {
                    "type": "object",
                    "required": ["child"],
                    "properties": {
                        "child": {
                            "anyOf": [{"$ref": "#/components/schemas/Node"}, {"type": "null"}]
                        }
                    },
                }
            }
        }
    }
    built = value({"$ref": "#/components/schemas/Node"}, root)
    depth = 0
    while built is not None:
        built, depth = built["child"], depth + 1
    assert depth > 1


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"^[0-9]{5}$", "00000"),
        (r"^(?:foo|bar)-\d+$", "foo-0"),
        (r"^x(a|b)\1$", "xaa"),
        (r"^[^0-9a]{3}$", "AAA"),
        (r"^\w+@\w+\.(com|org)$", "a@a.com"),
    ],
)
def test_shortest_match(pattern, expected):
    assert shortest_match(pattern) == expected


@pytest.mark.parametrize(
    ("schema", "reason"),
    [
        ({"type": "string", "minLength": 3, "maxLength": 2}, "no string"),
        ({"type": "integer", "minimum": 1, "maximum": 3, "multipleOf": 5}, "no multiple"),
        ({"type": "number", "exclusiveMinimum": 1, "exclusiveMaximum": 1}, "bounds"),
        ({"type": "array", "minItems": 3, "maxItems": 1}, "at most"),
        ({"type": "object", "minProperties": 1, "additionalProperties": False}, "declared"),
        ({"$ref": "other.json#/X"}, "external"),
        ({"$ref": "#/components/schemas/Missing"}, "unresolvable"),
        ({"type": "string", "pattern": "(?<=a)b"}, "matches"),
        (False, "accepts no value"),
    ],
)
def test_what_cannot_be_built_says_why(schema, reason):
    with pytest.raises(CannotBuild, match=reason):
        value(schema, {"components": {"schemas": {}}})


def test_a_value_the_schema_rejects_is_not_sent():
    # `not` is not read by the generator: the jsonschema check catches the invalid value
    with pytest.raises(CannotBuild, match="does not validate"):
        generate({"type": "integer", "not": {"const": 0}}, {})
