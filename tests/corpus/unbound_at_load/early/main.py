# expect: unparsed
"""The module reads `app` before it binds it: importing it raises NameError, so the app
cannot start and nothing it would serve is reported."""

import time

from fastapi import FastAPI, Request


async def timing(request: Request, call_next):
    return await call_next(request)


app.middleware("http")(timing)  # (`app` is bound two lines below)

app = FastAPI()


@app.get("/slow")
async def slow():
    time.sleep(1)  # ok: the app cannot start
    return {}
