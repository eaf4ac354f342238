"""The router class is picked at run time: the analysis cannot infer what `APIRouter` is."""

import os

from fastapi import APIRouter as _BaseRouter
from fastapi.routing import APIRoute


class _TimedRoute(APIRoute):
    pass


class _ShelfRouter(_BaseRouter):
    def __init__(self, *args, **kwargs) -> None:
        kwargs["route_class"] = _TimedRoute
        super().__init__(*args, **kwargs)


ROUTER_CLASSES = {"plain": _BaseRouter, "timed": _ShelfRouter}
APIRouter = ROUTER_CLASSES[os.environ.get("SHELF_ROUTES", "timed")]
