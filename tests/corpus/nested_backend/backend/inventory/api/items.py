from fastapi import APIRouter

from ..models.rows import load_row

router = APIRouter(prefix="/items")


@router.get("/{key}")
async def read_item(key: str):
    return load_row(key)
