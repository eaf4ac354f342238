import time

from fastapi import APIRouter, FastAPI

admin_router = APIRouter(prefix="/admin")


@admin_router.post("/reindex")
async def reindex():
    time.sleep(1)  # ok: the admin routes are included only with_admin, which no caller asks
    return {}


def add_admin(app: FastAPI, with_admin: bool = False) -> None:
    if with_admin:
        app.include_router(admin_router)
