from fastapi import APIRouter

from .config import loader

router = APIRouter()


@router.get("/{name}")
async def show_plan(name: str) -> dict:
    return loader(name)
