"""Class-based views (fastapi-utils' and fastapi-restful's `@cbv(router)`, and the copies
projects keep of it): a class decorated with a call handed the very router its methods'
route decorators use. The view's endpoints get `self` as `Depends(View)`, so FastAPI solves
the class attributes' `Depends(...)` and builds the view on every request
(fastapi_routes.py `_view_dependency`)."""

from __future__ import annotations

from unjam.analysis.project import Cls, Func, Project


def class_view(p: Project, endpoint: Func) -> Cls | None:
    """The class-based view whose method `endpoint` is, or None."""
    cls = p.classes.get(endpoint.class_gqn) if endpoint.class_gqn is not None else None
    if cls is None or not endpoint.fd.params:
        return None
    routers = {
        decorator[1][1]
        for decorator, _line, _col in endpoint.fd.decorators
        if decorator[0] == "call" and decorator[1][0] == "attr"
    }
    for decorator, _line, _col in cls.cd.decorators:
        if decorator[0] == "call" and decorator[2] and decorator[2][0] in routers:
            return cls
    return None
