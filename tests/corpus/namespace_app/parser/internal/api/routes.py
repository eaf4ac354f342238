import os

from fastapi import APIRouter, UploadFile

router = APIRouter()


@router.post("/parse")
async def parse(upload: UploadFile) -> dict:
    data = await upload.read()
    os.unlink("/tmp/upload.dxf")  # expect: UJ001
    return {"size": len(data)}
