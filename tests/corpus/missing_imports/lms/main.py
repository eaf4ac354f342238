# expect: unparsed (it imports `cources` from the `api` folder, which has courses.py)
"""`api` is a folder without `__init__.py` (a namespace package): `from api import cources`
finds it, then fails on the name, with ImportError (the file is courses.py)."""

import time

from fastapi import FastAPI

from api import courses
from api import cources

app = FastAPI()
app.include_router(courses.router)
app.include_router(cources.router)


@app.get("/health")
async def health():
    time.sleep(0.1)  # ok: the app cannot start
    return {}
