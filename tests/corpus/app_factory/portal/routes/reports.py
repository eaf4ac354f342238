import subprocess

from fastapi import APIRouter

router = APIRouter()


@router.get("/{name}")
async def report(name: str):
    return subprocess.run(["render", name], capture_output=True).stdout  # expect: UJ001
