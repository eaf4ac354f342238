# expect: unparsed (its lifespan calls export_openapi_json, which nothing defines)
"""A service whose lifespan still calls a helper whose definition was removed: every start-up
raises NameError, so none of its routes is ever served."""

import time
from contextlib import asynccontextmanager

from fastapi import FastAPI


@asynccontextmanager
async def lifespan(app: FastAPI):
    export_openapi_json(app)  # noqa: F821
    yield


app = FastAPI(lifespan=lifespan)


@app.get("/exports")
async def exports():
    time.sleep(0.1)  # ok: the app never starts
    return []
