from fastapi import APIRouter

from .audit import AUDIT_LEVEL

router = APIRouter()


@router.get("/exports")
async def list_exports() -> list:
    return [AUDIT_LEVEL]
