from fastapi import APIRouter

from app.crud import orders as crud

router = APIRouter(prefix="/orders")


@router.get("/recent")
async def recent_orders() -> list:
    return crud.recent()
