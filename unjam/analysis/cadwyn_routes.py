"""Routes a Cadwyn app serves: `app.generate_and_include_versioned_routers(router)`.

Cadwyn copies each route of the router for every API version, and hands FastAPI an
`async def` wrapper as the copy's endpoint. FastAPI solves the copy's dependencies (with
a sync `api_version_dependency` Cadwyn adds to every copy), then the wrapper solves the
original route's dependencies again as it migrates the request to the latest version,
and runs a `def` endpoint through `run_in_threadpool`; the response is validated on the
loop, since the endpoint FastAPI sees is a coroutine. So each sync dependency is two
trips through the thread pool, one more is the version dependency, and the validation is
none (rules/threadpool.py counts them so, as a floor: which dependencies the second pass
repeats depends on how the route was declared)."""

from __future__ import annotations

from unjam.analysis.fastapi_records import RouterObj
from unjam.model import UNREAD_PREFIX

# what includes the routers (a registration: fastapi_registrations.py)
CADWYN_INCLUDES = "generate_and_include_versioned_routers"


def cadwyn_prefix(app: RouterObj) -> str:
    """The prefix a Cadwyn app's versioned routes are served under: none when the version
    is a header's (its default), the version, unknown here, when it starts the path."""
    location = app.kwargs.get("api_version_location")
    return "" if location is None or location == ("const", "custom_header") else UNREAD_PREFIX


def served_by_cadwyn(
    owner: RouterObj | None, routers: dict[str, RouterObj], cadwyn: set[str]
) -> bool:
    """Whether `owner`, or a router it is included in (`routers` by symbol), is one of the
    `cadwyn` routers."""
    seen: set[str] = set()
    stack = [owner.sym] if owner is not None and cadwyn else []
    while stack:
        sym = stack.pop()
        if sym in cadwyn:
            return True
        obj = routers.get(sym)
        if sym in seen or obj is None:
            continue
        seen.add(sym)
        stack.extend(parent[0] for parent in obj.parents)
    return False


def cadwyn_trips(dependencies: list[str]) -> tuple[int, str]:
    """The trips Cadwyn adds to a route whose sync dependencies are `dependencies` (their
    names): the version dependency, and each of them again; and the clause that says so."""
    again = ", ".join(f"`{name}`" for name in dependencies)
    return len(dependencies) + 1, (
        "; Cadwyn, which serves it, adds its sync `api_version_dependency`"
        + (f" and solves {again} again as it migrates the request" if again else "")
    )
