"""Sync dependencies at every level FastAPI takes them from — the app, an include, the
router, the route decorator, the endpoint's parameters (one with a dependency of its own) —
each recording its name when it runs: the order UJ005 lists a route's thread-pool trips in
must be the order they really run in (tests/test_check_uj005_runtime.py).
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, FastAPI

ran: list[str] = []


def app_level() -> None:
    ran.append("app_level")


def include_level() -> None:
    ran.append("include_level")


def router_level() -> None:
    ran.append("router_level")


def decorator_level() -> None:
    ran.append("decorator_level")


def settings() -> str:
    ran.append("settings")
    return "s"


def session(config: str = Depends(settings)) -> str:
    ran.append("session")
    return config


app = FastAPI(dependencies=[Depends(app_level)])
router = APIRouter(prefix="/orders", dependencies=[Depends(router_level)])


@router.get("/latest", dependencies=[Depends(decorator_level)])
def latest(db: str = Depends(session)) -> list[str]:
    ran.append("latest")
    return ran


app.include_router(router, dependencies=[Depends(include_level)])


@app.post("/reset")
async def reset() -> None:
    ran.clear()
