"""A task runner's API, versioned with Cadwyn: each route is served through Cadwyn's
`async def` wrapper, which solves the route's dependencies a second time and runs a `def`
endpoint in the thread pool; every versioned copy also gets Cadwyn's sync version
dependency. The plain router beside it is served by FastAPI alone."""

import sqlite3

from cadwyn import VersionedAPIRouter
from fastapi import APIRouter, Depends, Header

router = VersionedAPIRouter()
health = APIRouter()


def get_db():
    db = sqlite3.connect("tasks.db", check_same_thread=False)
    try:
        yield db
    finally:
        db.close()


def worker_token(authorization: str = Header("")) -> str:
    return authorization.removeprefix("Bearer ")


@router.get("/tasks/{task_id}")  # expect: UJ005 (at least 4 trips: get_db twice, the version dependency, the endpoint)
def read_task(task_id: int, db=Depends(get_db)):
    return {"id": task_id, "db": str(db)}


@router.put("/tasks/{task_id}/state")  # expect: UJ005 (at least 6 trips)
def set_state(task_id: int, state: str, db=Depends(get_db), token: str = Depends(worker_token)):
    return {"id": task_id, "state": state, "by": token}


@health.get("/health/db")  # ok: the dependency and the endpoint, two trips as any sync route
def db_health(db=Depends(get_db)):
    return {"ok": db is not None}
