"""Routers handed to a helper that includes them: each call of the helper is an include of the
router it hands over, at the prefix it gives; a router no call hands over (`stray`) is left
out of the program."""

from fastapi import APIRouter, FastAPI

from hub import billing, notes

app = FastAPI()


def mount(target: FastAPI, router: APIRouter, prefix: str) -> None:
    target.include_router(router, prefix=prefix)


mount(app, billing.router, "/billing")
mount(app, notes.router, "/notes")
