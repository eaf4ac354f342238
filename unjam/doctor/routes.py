"""Step 3 of the doctor: which routes to load, and with which requests.

Requests come from the app's OpenAPI schema (`unjam.load.targets_from_openapi`: the schema's
examples first, generated values for the rest); a user's vegeta targets file overrides the
routes it covers. A target's URL is matched to the schema's path templates so its requests are
attributed to the same "METHOD /template" key the probe uses.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from unjam.errors import BadInput, UserError


@dataclass
class RoutePlan:
    targets: dict[str, list] = field(default_factory=dict)  # route -> [Target]
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (route, reason)
    source: dict[str, str] = field(default_factory=dict)  # route -> "openapi" | "targets file"
    has_schema: bool = False
    unsafe_methods: list[str] = field(default_factory=list)  # opted-in methods actually sent


# Sent by default: methods that do not change data (RFC 9110's safe methods).
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def parse_methods(text: str | None) -> tuple[str, ...]:
    """`--methods POST,PUT` (or `all`): the methods sent besides the safe ones."""
    if not text:
        return ()
    names = tuple(m.strip().upper() for m in text.split(",") if m.strip())
    known = {"GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE", "ALL"}
    bad = [m for m in names if m not in known]
    if bad:
        raise UserError(
            f"--methods {text!r}: unknown method {bad[0]}; use e.g. POST,PUT,PATCH,DELETE or all"
        )
    return names


def fetch_openapi(base_url: str, path: str = "/openapi.json") -> dict | None:
    try:
        with urllib.request.urlopen(base_url + path, timeout=10) as response:
            data = json.loads(response.read())
    except (urllib.error.URLError, OSError, ValueError):
        return None
    return data if isinstance(data, dict) and "paths" in data else None


def template_matcher(schema: dict | None):
    """A function mapping (method, concrete path) to the schema's "METHOD /template" key."""
    patterns = []
    for template, operations in ((schema or {}).get("paths") or {}).items():
        regex = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
        # Literal templates win over parameterised ones (FastAPI matches in order; close enough).
        patterns.append((template.count("{"), re.compile(f"^{regex}$"), template, operations))
    patterns.sort(key=lambda item: item[0])

    def match(method: str, path: str) -> str:
        for _, regex, template, operations in patterns:
            if regex.match(path) and method.lower() in {k.lower() for k in operations}:
                return f"{method.upper()} {template}"
        return f"{method.upper()} {path}"

    return match


def _target_url(target) -> str:
    return str(getattr(target, "url", ""))


def _retarget(target, base_url: str):
    """The same request, sent to the server the doctor started (the file names another host)."""
    parts = urlsplit(_target_url(target))
    base = urlsplit(base_url)
    url = urlunsplit((base.scheme, base.netloc, parts.path or "/", parts.query, ""))
    try:
        return replace(target, url=url)
    except TypeError:
        target.url = url
        return target


def read_targets_file(path: Path) -> list:
    """Parse a vegeta targets file with unjam.load's parser; bad input exits 3."""
    from unjam.load.targets import read_targets_file as parse_file

    try:
        return list(parse_file(str(path)))
    except BadInput:
        raise
    except UserError as err:
        raise BadInput(str(err)) from None


def plan_routes(
    base_url: str,
    *,
    app: str,
    user_targets: list | None = None,
    only: list[str] | None = None,
    openapi_path: str = "/openapi.json",
    methods: tuple[str, ...] = (),
    only_targets: bool = False,
) -> RoutePlan:
    """Targets per route: the schema's, overridden by the user's targets file (parsed).

    Generated requests use only the safe methods unless `methods` opts in to others (a
    generated DELETE or PUT against a real database changes it); `only_targets`: the targets
    file is the whole plan."""
    schema = fetch_openapi(base_url, openapi_path)
    plan = RoutePlan(has_schema=schema is not None)
    user_targets = list(user_targets or [])
    if schema is None and not user_targets:
        raise UserError(
            f"{app} serves no OpenAPI schema at {openapi_path} (not a FastAPI app? another "
            "path: --openapi PATH); "
            "pass --targets FILE with the requests to send (vegeta format: `METHOD URL` lines)"
        )
    if schema is not None:
        from unjam.load import targets_from_openapi

        built, skipped = targets_from_openapi(schema, base_url)
        allowed = set(SAFE_METHODS) | set(methods)
        for route, target in built:
            method = route.split(" ", 1)[0].upper()
            if "ALL" not in allowed and method not in allowed:
                reason = (
                    f"{method} is not sent by default (it may change data); "
                    f"opt in with --methods {method}"
                )
                if (route, reason) not in plan.skipped:
                    plan.skipped.append((route, reason))
                continue
            plan.targets.setdefault(route, []).append(target)
            plan.source[route] = "openapi"
        plan.skipped.extend((route, reason) for route, reason in skipped)
    if user_targets:
        match = template_matcher(schema)
        overridden: dict[str, list] = {}
        for target in user_targets:
            method = str(getattr(target, "method", "GET"))
            route = match(method, urlsplit(_target_url(target)).path or "/")
            overridden.setdefault(route, []).append(_retarget(target, base_url))
        for route, targets in overridden.items():
            plan.targets[route] = targets
            plan.source[route] = "targets file"
        covered = set(overridden)
        plan.skipped = [(r, why) for r, why in plan.skipped if r not in covered]
        if only_targets:
            plan.targets = {r: t for r, t in plan.targets.items() if r in covered}
            plan.skipped = []
    elif only_targets:
        raise UserError("--only-targets needs --targets FILE")
    if only:
        wanted = {o.strip() for o in only}
        keep = {r for r in plan.targets if r in wanted or r.split(" ", 1)[-1] in wanted}
        if not keep:
            known = ", ".join(sorted(plan.targets)) or "none"
            raise UserError(f"no route matches --route {', '.join(only)}; the app has: {known}")
        plan.targets = {r: t for r, t in plan.targets.items() if r in keep}
        plan.skipped = [(r, w) for r, w in plan.skipped if r in wanted]
    plan.unsafe_methods = sorted(
        {
            r.split(" ", 1)[0]
            for r in plan.targets
            if plan.source.get(r) == "openapi" and r.split(" ", 1)[0] not in SAFE_METHODS
        }
    )
    return plan
