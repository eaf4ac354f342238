"""A stray `clinic/__init__.py` beside a script run from its own folder (`cd clinic &&
uvicorn main:app`): `from src.api import visits` names clinic/src/api/visits.py, the only
`src` there is, so the routes carry the include's prefix and the route `/visits/{visit_id}`,
which `/visits/{day}` answers first, is never served."""

from fastapi import FastAPI

from src.api import visits

app = FastAPI()
app.include_router(visits.router, prefix="/api")
