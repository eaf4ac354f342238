import requests
from fastapi import APIRouter

router = APIRouter()


@router.post("/{recipe_id}")
async def rate(recipe_id: int):
    requests.post("http://ratings/", json={"id": recipe_id})  # ok: likewise
    return {}
