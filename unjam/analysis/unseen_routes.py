"""The notes a check prints when it found apps but no route on any of them, a library
module that cannot import, or a route FastAPI refuses every request of (alias_depends.py).

A project whose app registers its routes at run time (from a table of protocols, in a loop
over `getattr(app, method)(path)(endpoint)`) or through another package's plugins gives
unjam an app and nothing it serves: without a note, "All checks passed" would read as "the
routes were checked and are fine", when their code was never looked at.
"""

from __future__ import annotations

from unjam.analysis.alias_depends import refused_note
from unjam.analysis.fastapi_records import FastAPIModel

UNSEEN_ROUTES = (
    "unjam sees no route on this app: routes registered at run time (from a table, in a "
    "loop, through `getattr(app, method)`) or by another package are not followed, so the "
    "code they run was not checked"
)


def unimportable_notes(model: FastAPIModel | None) -> list[tuple[str, int, str]]:
    """(path, 1, message) for each file a library (a project without an app) cannot import
    as written: the coroutines of the modules that need it were left out, since no caller
    can run them, and "All checks passed" must not read as "they were checked"."""
    if model is None:
        return []
    return [
        (path, 1, f"{reason}; the coroutines of the modules that need it were not checked")
        for path, reason in sorted(model.unimportable.items())
    ]


def unseen_route_notes(model: FastAPIModel | None) -> list[tuple[str, int, str]]:
    """(path, line, message) for each app of a model that has apps and no route at all (a
    project where some routes are seen is not told about the apps without any: a sub-app
    or a test's app among served ones has none of its own, and that is no gap; nor one whose
    routes were all refused, which `refused_route_notes` tells of)."""
    if model is None or model.routes or model.refused or not model.apps:
        return []
    return sorted({(app.path, app.line, UNSEEN_ROUTES) for app in model.apps})


def refused_route_notes(model: FastAPIModel | None) -> list[tuple[str, int, str]]:
    """(path, line, message) for each function handing `Depends` an `Annotated` alias, of
    the routes left out because FastAPI answers every request of them 422 first
    (`FastAPIModel.refused`)."""
    if model is None or not model.refused:
        return []
    routes: dict[tuple[str, int, str], set[str]] = {}
    for path, line, alias, label in model.refused:
        routes.setdefault((path, line, alias), set()).add(label)
    return [
        (path, line, refused_note(alias, sorted(labels)))
        for (path, line, alias), labels in sorted(routes.items())
    ]
