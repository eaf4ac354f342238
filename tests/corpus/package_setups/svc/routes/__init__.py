import time

from fastapi import APIRouter, FastAPI

router = APIRouter()


@router.get("/report")
async def report():
    time.sleep(0.5)  # expect: UJ001
    return {"ready": True}


def register_routes(app: FastAPI) -> None:
    app.include_router(router)
