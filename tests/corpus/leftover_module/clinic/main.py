"""An app whose `api` package pulls its routers in with a star import. `api/visits.py` is
an older copy of the `api/visits/` package, left beside it: Python's import finds the
package first, so the old file's routes are never served."""

from fastapi import FastAPI

from .api import visits_router

app = FastAPI()
app.include_router(visits_router, prefix="/visits")
