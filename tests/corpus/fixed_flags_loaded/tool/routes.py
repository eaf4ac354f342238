import os

from fastapi import APIRouter

from tool.settings import ALLOW_OVERWRITE, KEEP_HISTORY

router = APIRouter()


@router.post("/gen/{table}/local")
async def generate_locally(table: str):
    if not ALLOW_OVERWRITE:
        return {"error": "writing generated code to disk is turned off"}
    os.makedirs(f"gen/{table}", exist_ok=True)  # expect: UJ001
    return {"written": table}


@router.post("/gen/{table}/history")
async def keep_history(table: str):
    if KEEP_HISTORY:
        os.makedirs(f"history/{table}", exist_ok=True)  # expect: UJ001
    return {"kept": table}
