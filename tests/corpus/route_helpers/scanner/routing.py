"""Route decorators built by the service's own helpers: each pipeline module registers its
endpoint through `operation(app, path, name)`, which returns `app.post(...)`."""

from typing import Any, Callable

from fastapi import APIRouter, Depends, FastAPI

from scanner.auth import current_scanner

shared = APIRouter(prefix="/shared")


def operation(app: FastAPI, path: str, name: str, **kwargs: Any) -> Callable:
    return app.post(path, operation_id=name, response_model_exclude_none=True, **kwargs)


def read_only(target, path):
    """The helper names its router by keyword, and asks for the scanner's key."""
    return target.get(path=path, dependencies=[Depends(current_scanner)])


def shared_get(path: str) -> Callable:
    """The router is the helper module's own: not the caller's."""
    return shared.get(path)


def documented(func):
    """A plain decorator: not a route."""
    return func
