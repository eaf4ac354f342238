"""Targets from an OpenAPI schema: one valid request per operation the generator can build.

The doctor drives every route of an app; the schema FastAPI serves at /openapi.json says
what each route needs. For each operation we fill required path, query and header
parameters and a JSON body from, in order: the schema's own examples (`example`,
`examples`, `const`, `default`, the first `enum` value), else the simplest value the JSON
Schema accepts, read from the schema by `schema_values` (deterministic, no search) and
checked with `jsonschema`. Operations that need auth, cookies, multipart or form bodies, or
whose schema cannot be satisfied that way, are listed as skipped with the reason.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, urlencode

from unjam.load import schema_values
from unjam.load.schema_values import CannotBuild
from unjam.load.targets import Target

METHODS = ("get", "post", "put", "patch", "delete", "head", "options")


def generate(schema: dict, root: dict, *, non_empty: bool = False) -> Any:
    """A deterministic value valid against `schema` (its `$ref`s resolved in `root`), checked
    with `jsonschema` so that a request the app would reject is skipped with the reason
    rather than sent."""
    import jsonschema

    value = schema_values.value(schema, root, non_empty=non_empty)
    resolved = schema_values.resolve(schema, root)
    if not isinstance(resolved, dict):
        return value
    full = {**resolved, "components": root["components"]} if "components" in root else resolved
    try:
        jsonschema.validate(value, full)
    except jsonschema.ValidationError as err:
        raise CannotBuild(f"generated value does not validate: {err.message}") from None
    except jsonschema.SchemaError:
        pass  # not JSON Schema 2020-12 (an OpenAPI 3.0 `nullable`/boolean bound): built as read
    return value


def _param_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def _needs_auth(operation: dict, root: dict) -> bool:
    security = operation.get("security", root.get("security"))
    if not security:
        return False
    return all(requirement for requirement in security)  # `{}` means "auth optional"


def build_operation(
    path: str, method: str, operation: dict, path_item: dict, root: dict, base_url: str
) -> Target:
    if _needs_auth(operation, root):
        raise CannotBuild("needs auth")
    params: dict[tuple[str, str], dict] = {}
    for raw in list(path_item.get("parameters", [])) + list(operation.get("parameters", [])):
        param = schema_values.resolve(raw, root)
        params[(param.get("in", ""), param.get("name", ""))] = param
    url_path = path
    query: list[tuple[str, str]] = []
    headers: dict[str, str] = {}
    for (where, name), param in params.items():
        required = param.get("required", False) or where == "path"
        found, value = schema_values.example(param, root)
        if not required and not found:
            continue
        if where == "cookie":
            if required:
                raise CannotBuild(f"needs cookie {name!r}")
            continue
        if not found:
            value = generate(
                param.get("schema", {}), root, non_empty=True
            )  # "" or [] reads as absent
        text = _param_text(value)
        if where == "path":
            url_path = url_path.replace("{" + name + "}", quote(text, safe=""))
        elif where == "query":
            if isinstance(value, list):
                query.extend((name, _param_text(v)) for v in value)
            else:
                query.append((name, text))
        elif where == "header":
            if name.lower() in ("authorization", "x-api-key"):
                raise CannotBuild("needs auth")
            headers[name] = text
    body = b""
    request_body = (
        schema_values.resolve(operation.get("requestBody"), root)
        if operation.get("requestBody")
        else None
    )
    if request_body:
        content = request_body.get("content", {})
        json_type = next((k for k in content if k.split(";")[0].strip().endswith("json")), None)
        if json_type is not None:
            media = content[json_type] or {}
            found, value = schema_values.example(media, root)
            if not found:
                value = generate(media.get("schema", {}), root)
            body = json.dumps(value, separators=(",", ":")).encode()
            headers["Content-Type"] = "application/json"
        elif any(k.startswith("multipart/") for k in content):
            raise CannotBuild("multipart upload")
        elif "application/x-www-form-urlencoded" in content:
            raise CannotBuild("form body")
        elif request_body.get("required"):
            raise CannotBuild(f"body of type {', '.join(content) or 'unknown'}")
    url = base_url.rstrip("/") + url_path
    if query:
        url += "?" + urlencode(query)
    return Target(method=method.upper(), url=url, headers=headers, body=body)


def targets_from_openapi(
    schema: dict, base_url: str
) -> tuple[list[tuple[str, Target]], list[tuple[str, str]]]:
    """([(route "METHOD /template", Target)], [(route, reason it can't be built)])."""
    built: list[tuple[str, Target]] = []
    skipped: list[tuple[str, str]] = []
    for path, path_item in (schema.get("paths") or {}).items():
        path_item = schema_values.resolve(path_item, schema)
        for method in METHODS:
            operation = path_item.get(method)
            if not isinstance(operation, dict):
                continue
            route = f"{method.upper()} {path}"
            try:
                built.append(
                    (route, build_operation(path, method, operation, path_item, schema, base_url))
                )
            except CannotBuild as why:
                skipped.append((route, str(why)))
    return built, skipped


def load_schema(source: str, timeout: float = 10.0) -> dict:
    """An OpenAPI document from a URL (http GET) or a JSON file. Raises UserError."""
    from pathlib import Path

    from unjam.errors import BadInput, NetworkError

    if source.startswith(("http://", "https://")):
        import urllib.error
        import urllib.request

        try:
            with urllib.request.urlopen(source, timeout=timeout) as response:
                text = response.read().decode("utf-8")
        except urllib.error.HTTPError as err:
            raise BadInput(f"--openapi {source}: HTTP {err.code}") from None
        except (urllib.error.URLError, OSError) as err:
            reason = getattr(err, "reason", err)
            raise NetworkError(f"--openapi {source}: cannot fetch it ({reason})") from None
    else:
        try:
            text = Path(source).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise BadInput(f"--openapi: file {source!r} does not exist") from None
    try:
        data = json.loads(text)
    except ValueError as err:
        raise BadInput(f"--openapi {source}: not JSON ({err})") from None
    if not isinstance(data, dict) or "paths" not in data:
        raise BadInput(f"--openapi {source}: not an OpenAPI document (no 'paths')")
    return data
