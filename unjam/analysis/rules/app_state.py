"""What an app keeps on its state for its life: `app.state.resources`, set once at start-up
(a lifespan's `app.state.resources = build()`) and read by every request through
`request.app.state.resources`, or through a small getter (`def get_resources(request):
resources = getattr(request.app.state, "resources", None)` … `return resources`), often
itself a dependency. One object per process, however many requests read it — unlike the
request's own `request.state`, which lives as long as the request."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unjam.analysis.project import Func, Project

_APP_NAMES = frozenset({("name", "app"), ("name", "application")})  # `app.state`
_GETTER_DEPTH = 2  # getters followed: `get_api_resources` returning `get_payment_resources(r)`


def on_app_state(ref: tuple) -> bool:
    """Whether `ref` reads what the app keeps: through `.app` (`request.app`,
    `request.app.state.resources.limiter`), an app's `state` (`app.state.store`), also by
    `getattr(request.app.state, "resources", None)`."""
    while True:
        tag = ref[0]
        if tag == "attr":
            base = ref[1]
            if ref[2] == "app" or (ref[2] == "state" and base in _APP_NAMES):
                return True
            ref = base
        elif tag in ("sub", "await"):
            ref = ref[1]
        elif tag == "call" and ref[1] == ("name", "getattr") and ref[2]:
            ref = ref[2][0]
        else:
            return False


def returns_app_state(project: Project, func: Func, depth: int = _GETTER_DEPTH) -> bool:
    """Whether everything `func` returns is what the app keeps: read from its state
    directly, through a local read from it, or as a getter of it returns it."""
    fd = func.fd
    returned = fd.return_values
    return bool(returned) and all(
        reads_app_state(project, func, ref, depth)
        or (
            ref[0] == "name"
            and bool(fd.locals.get(ref[1]))
            and all(reads_app_state(project, func, v, depth) for v in fd.locals[ref[1]])
        )
        for ref in returned
    )


def reads_app_state(project: Project, func: Func, ref: tuple, depth: int = _GETTER_DEPTH) -> bool:
    """Whether `ref`, read in `func`, is what the app keeps: read from its state
    (`on_app_state`), or a call of a project getter of it (`get_resources(request)`)."""
    if on_app_state(ref):
        return True
    if ref[0] != "call" or depth == 0:
        return False
    callee = project.value_of(func, ref[1])
    getter = project.funcs.get(callee[1]) if callee is not None and callee[0] == "func" else None
    return (
        getter is not None and getter is not func and returns_app_state(project, getter, depth - 1)
    )
