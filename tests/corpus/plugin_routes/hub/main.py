"""Routers handed to a helper that includes them: unjam names the first router a call hands
it, so it cannot tell which routers the helper includes, and every router may be served —
even one no include seems to name (`stray`)."""

from fastapi import APIRouter, FastAPI

from hub import billing, notes

app = FastAPI()


def mount(target: FastAPI, router: APIRouter, prefix: str) -> None:
    target.include_router(router, prefix=prefix)


mount(app, billing.router, "/billing")
mount(app, notes.router, "/notes")
