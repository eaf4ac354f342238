from fastapi import APIRouter as FastAPIRouter


class APIRouter(FastAPIRouter):
    """A project subclass, as apps write to serve each path with and without its slash."""
