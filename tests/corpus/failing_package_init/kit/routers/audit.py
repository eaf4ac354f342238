from fastapi import APIRouter

from ..storage.journal import record  # expect: unparsed

router = APIRouter()


@router.post("/audit")
async def audit(event: str) -> dict:
    return {"kept": record(event)}
