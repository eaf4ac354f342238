import time

from fastapi import APIRouter

from .client import public_repos

router = APIRouter()


@router.get("/repos")
async def repos(token: str):
    time.sleep(0.1)  # expect: UJ001
    return {"public": public_repos(token)}
