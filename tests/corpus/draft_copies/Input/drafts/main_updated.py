# expect: unparsed (imports app.routers, which no folder on its path holds)
"""The same draft kept beside its notes: `app` is in backend/, on no path this file runs
from, so importing it raises ModuleNotFoundError."""

from fastapi import FastAPI

from app.routers import items

app = FastAPI()
app.include_router(items.router)
