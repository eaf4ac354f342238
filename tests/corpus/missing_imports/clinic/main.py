# expect: unparsed (it imports handlers.auth, and no handlers/ is anywhere in the project)
"""The clinic's app imports its auth router from a `handlers` package the repository does not
hold (nor do its requirements name one): ModuleNotFoundError, nothing is served."""

import time

from fastapi import FastAPI

from handlers.auth import router

app = FastAPI()
app.include_router(router)


@app.get("/visits")
async def visits() -> list:
    time.sleep(1)  # ok: the app cannot start
    return []
