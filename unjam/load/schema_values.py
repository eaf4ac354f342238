"""The simplest value a JSON Schema accepts, built by reading the schema (no search).

`unjam load --openapi` and the doctor need one valid request per operation, and FastAPI's
schemas (pydantic's JSON Schema) use a small, known vocabulary: types (or a list of them),
formats, `enum`/`const`, `$ref` into `components`, `allOf`/`anyOf`/`oneOf`, `nullable`
(OpenAPI 3.0), numeric bounds (3.0's boolean and 3.1's numeric `exclusive*`), `multipleOf`,
string lengths and patterns, arrays and tuples (`prefixItems`), objects with `required`,
`minProperties` and `additionalProperties`. Reading those directly is deterministic, instant
and needs no property-testing engine at run time. The schema's own examples win when it has
them (an author's example reaches the interesting code path), then the value nearest to
"zero": 0 or the bound nearest to it, "a" * minLength, a format's canonical sample, the
shortest match of a pattern, required properties only. What cannot be built this way raises
`CannotBuild` with the reason, and the caller validates the result (openapi.generate).
"""

from __future__ import annotations

import math
import re
from typing import Any

from unjam.load.shortest_match import CannotMatch, shortest_match

MAX_DEPTH = 20

# One canonical, valid sample per format pydantic (v2) and OpenAPI write; 127.0.0.1 where
# an address is asked for (a value in a request, never contacted by unjam).
FORMAT_SAMPLES = {
    "date-time": "2000-01-01T00:00:00Z",
    "date": "2000-01-01",
    "time": "00:00:00",
    "duration": "P1D",
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "uuid": "12345678-1234-4234-8234-123456789abc",
    "uri": "http://127.0.0.1/",
    "url": "http://127.0.0.1/",
    "uri-reference": "/",
    "iri": "http://127.0.0.1/",
    "multi-host-uri": "http://127.0.0.1/",
    "hostname": "localhost",
    "ipv4": "127.0.0.1",
    "ipv6": "::1",
    "ipvanyaddress": "127.0.0.1",
    "ipv4network": "127.0.0.0/8",
    "ipv6network": "::1/128",
    "ipvanynetwork": "127.0.0.0/8",
    "ipv4interface": "127.0.0.1/8",
    "ipv6interface": "::1/128",
    "ipvanyinterface": "127.0.0.1/8",
    "byte": "",
    "binary": "",
    "path": ".",
    "json-string": "null",
}
# pydantic's UUID1 … UUID8: the version digit is checked
FORMAT_SAMPLES.update({f"uuid{n}": f"12345678-1234-{n}234-8234-123456789abc" for n in range(1, 9)})


class CannotBuild(Exception):
    """The schema asks for something this generator does not build (the reason is the text)."""


def resolve(node: Any, root: dict) -> Any:
    """Follow local `$ref`s (`#/components/...`); keywords beside a `$ref` (3.1 allows them,
    pydantic writes `description`, `default`…) are kept over the referenced schema's."""
    seen = 0
    while isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"]
        if not isinstance(ref, str) or not ref.startswith("#/"):
            raise CannotBuild(f"external $ref {ref}")
        seen += 1
        if seen > MAX_DEPTH:
            raise CannotBuild(f"$ref cycle at {ref}")
        target: Any = root
        try:
            for part in ref[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
        except (KeyError, IndexError, TypeError):
            raise CannotBuild(f"unresolvable $ref {ref}") from None
        siblings = {k: v for k, v in node.items() if k != "$ref"}
        node = {**target, **siblings} if siblings and isinstance(target, dict) else target
    return node


def example(obj: dict, root: dict) -> tuple[bool, Any]:
    """(found, value) from an OpenAPI parameter/media/schema object's own examples:
    `example`, `examples` (3.1 list or 3.0 named map), `const`, `default`, the first `enum`."""
    if "example" in obj:
        return True, obj["example"]
    examples = obj.get("examples")
    if isinstance(examples, dict) and examples:
        first = resolve(next(iter(examples.values())), root)
        if isinstance(first, dict) and "value" in first:
            return True, first["value"]
    if isinstance(examples, list) and examples:
        return True, examples[0]
    schema = resolve(obj.get("schema", obj), root)
    if isinstance(schema, dict) and schema is not obj:
        found, value = example(schema, root)
        if found:
            return True, value
    if isinstance(schema, dict):
        if "const" in schema:
            return True, schema["const"]
        if "default" in schema:
            return True, schema["default"]
        if schema.get("enum"):
            return True, schema["enum"][0]
    return False, None


def value(schema: Any, root: dict, *, non_empty: bool = False, depth: int = 0) -> Any:
    """The value for `schema`: its examples, else the simplest one it accepts. `non_empty`
    (for URL parameters, where "" or [] would mean "absent") asks for at least one character
    or item at this level."""
    if depth > MAX_DEPTH:
        raise CannotBuild("schema nests too deeply")
    schema = resolve(schema, root)
    if schema is True:  # JSON Schema's "anything"
        schema = {}
    if not isinstance(schema, dict):  # False: nothing is valid
        raise CannotBuild("the schema accepts no value")
    found, sample = example(schema, root)
    if found:
        return sample
    if "allOf" in schema:
        return value(_merge_all_of(schema, root), root, non_empty=non_empty, depth=depth + 1)
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        return _first_buildable(schema, options, root, non_empty, depth)
    kind = _type(schema)
    if kind == "null":
        return None
    if kind == "boolean":
        return False
    if kind in ("integer", "number"):
        return _number(schema, integer=kind == "integer")
    if kind == "string":
        return _string(schema, non_empty)
    if kind == "array":
        return _array(schema, root, non_empty, depth)
    return _object(schema, root, depth)


def _type(schema: dict) -> str:
    """The one type to build: the first non-null of a list, else read from the keywords."""
    declared = schema.get("type")
    if isinstance(declared, list):
        non_null = [t for t in declared if t != "null"]
        declared = non_null[0] if non_null else "null"
    if declared:
        return declared
    if {"properties", "required", "additionalProperties", "minProperties"} & schema.keys():
        return "object"
    if {"items", "prefixItems", "minItems"} & schema.keys():
        return "array"
    if {"minLength", "maxLength", "pattern", "format"} & schema.keys():
        return "string"
    if {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"} & schema.keys():
        return "number"
    return "object"


def _first_buildable(schema: dict, options: list, root: dict, non_empty: bool, depth: int) -> Any:
    """A union: its non-null branches first (a null rarely reaches the handler's code),
    each merged with the keywords beside the union."""
    rest = {k: v for k, v in schema.items() if k not in ("anyOf", "oneOf", "discriminator")}
    resolved = [resolve(option, root) for option in options]
    is_null = [isinstance(o, dict) and _type(o) == "null" and "type" in o for o in resolved]
    ordered = [o for o, null in zip(resolved, is_null, strict=True) if not null]
    ordered += [o for o, null in zip(resolved, is_null, strict=True) if null]
    reasons = []
    for option in ordered:
        branch = {**rest, **option} if isinstance(option, dict) else option
        try:
            return value(branch, root, non_empty=non_empty, depth=depth + 1)
        except CannotBuild as why:
            reasons.append(str(why))
    raise CannotBuild(f"no branch of anyOf/oneOf could be built ({'; '.join(reasons)})")


# For keywords both sides of an allOf set, the stricter one.
_STRICTER = {
    "minimum": max,
    "exclusiveMinimum": max,
    "minLength": max,
    "minItems": max,
    "minProperties": max,
    "maximum": min,
    "exclusiveMaximum": min,
    "maxLength": min,
    "maxItems": min,
    "maxProperties": min,
}


def _merge_all_of(schema: dict, root: dict) -> dict:
    merged: dict = {k: v for k, v in schema.items() if k != "allOf"}
    for part in schema["allOf"]:
        part = resolve(part, root)
        if not isinstance(part, dict):
            continue
        if "allOf" in part:
            part = _merge_all_of(part, root)
        if "properties" in part:
            merged["properties"] = {**merged.get("properties", {}), **part["properties"]}
        if "required" in part:
            merged["required"] = [*merged.get("required", []), *part["required"]]
        for key, val in part.items():
            if key in ("properties", "required"):
                continue
            stricter = _STRICTER.get(key)
            both_numbers = isinstance(val, (int, float)) and isinstance(
                merged.get(key), (int, float)
            )
            if stricter and both_numbers and not isinstance(val, bool):
                merged[key] = stricter(merged[key], val)
            else:
                merged.setdefault(key, val)
    return merged


def _bounds(schema: dict) -> tuple[float | None, bool, float | None, bool]:
    """(low, low is exclusive, high, high is exclusive), from 3.1's numeric or 3.0's boolean
    `exclusiveMinimum`/`exclusiveMaximum`."""
    low, high = schema.get("minimum"), schema.get("maximum")
    low_open = high_open = False
    ex_low, ex_high = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
    if isinstance(ex_low, bool):
        low_open = ex_low and low is not None
    elif isinstance(ex_low, (int, float)) and (low is None or ex_low >= low):
        low, low_open = ex_low, True
    if isinstance(ex_high, bool):
        high_open = ex_high and high is not None
    elif isinstance(ex_high, (int, float)) and (high is None or ex_high <= high):
        high, high_open = ex_high, True
    return low, low_open, high, high_open


def _number(schema: dict, *, integer: bool) -> int | float:
    """The allowed number nearest to 0 (a multiple of `multipleOf`; for a number with an
    exclusive bound and no step, one past the bound, or the middle of a narrow range)."""
    low, low_open, high, high_open = _bounds(schema)

    def inside(x: float) -> bool:
        above = low is None or (x > low if low_open else x >= low)
        below = high is None or (x < high if high_open else x <= high)
        return above and below

    step = schema.get("multipleOf") or (1 if integer else None)
    if step is not None:
        if inside(0):
            return 0
        if low is not None and low >= 0:
            candidate = math.ceil(low / step) * step
            candidate = candidate + step if not inside(candidate) else candidate
        elif high is not None:
            candidate = math.floor(high / step) * step
            candidate = candidate - step if not inside(candidate) else candidate
        else:
            candidate = 0
        if not inside(candidate):
            raise CannotBuild(f"no multiple of {step} within the bounds")
        return int(candidate) if integer or float(candidate).is_integer() else candidate
    if inside(0):
        return 0
    if low is not None and low >= 0:
        candidates = [low, low + 1, (low + high) / 2 if high is not None else low + 1]
    else:
        assert high is not None  # 0 is outside, so a bound excludes it
        candidates = [high, high - 1, (low + high) / 2 if low is not None else high - 1]
    for candidate in candidates:
        if inside(candidate):
            return int(candidate) if float(candidate).is_integer() else candidate
    raise CannotBuild("the numeric bounds leave no value")


def _string(schema: dict, non_empty: bool) -> str:
    low = schema.get("minLength", 0)
    if non_empty:
        low = max(low, 1)
    high = schema.get("maxLength")
    pattern = schema.get("pattern")
    if pattern is not None:
        try:
            start = shortest_match(pattern)
        except CannotMatch as why:
            raise CannotBuild(str(why)) from None
        short = max(low - len(start), 0)
        # longer: its last character repeated (`^\d+$` → "000"), else "a"s
        candidates = [start, start + start[-1:] * short, start + "a" * short, "a" * low]
    elif schema.get("format") in FORMAT_SAMPLES:
        start = FORMAT_SAMPLES[schema["format"]]
        candidates = [start, start + "a" * max(low - len(start), 0)]
    else:
        candidates = ["a" * low]
    for text in candidates:
        fits = len(text) >= low and (high is None or len(text) <= high)
        if fits and (pattern is None or re.search(pattern, text)):
            return text
    raise CannotBuild(f"no string of {low}..{high} characters matches {pattern!r}")


def _array(schema: dict, root: dict, non_empty: bool, depth: int) -> list:
    """`minItems` items (one when `non_empty`), `prefixItems` (tuples) in their places."""
    prefix = schema.get("prefixItems") or []
    count = max(schema.get("minItems", 0), len(prefix), 1 if non_empty else 0)
    high = schema.get("maxItems")
    if high is not None and count > high:
        raise CannotBuild(f"{count} items needed but at most {high} allowed")
    items = schema.get("items", {})
    out = [
        value(prefix[i] if i < len(prefix) else items, root, depth=depth + 1) for i in range(count)
    ]
    if schema.get("uniqueItems") and len({repr(item) for item in out}) < len(out):
        raise CannotBuild("uniqueItems with several items")
    return out


def _object(schema: dict, root: dict, depth: int) -> dict:
    """The required properties, then optional ones (or `additionalProperties` keys) up to
    `minProperties`."""
    properties = schema.get("properties") or {}
    out = {}
    for name in schema.get("required", []):
        out[name] = value(properties.get(name, {}), root, depth=depth + 1)
    wanted = schema.get("minProperties", 0)
    for name, prop in properties.items():
        if len(out) >= wanted:
            break
        out.setdefault(name, value(prop, root, depth=depth + 1))
    extra = schema.get("additionalProperties", True)
    while len(out) < wanted:
        if extra is False:
            raise CannotBuild(f"{wanted} properties needed but only {len(out)} are declared")
        key = f"key{len(out)}"
        out[key] = value({} if extra is True else extra, root, depth=depth + 1)
    return out
