# expect: unparsed
from fastapi import APIRouter

router = APIRouter()

@router.get("/broken")
async def broken(:
    return {}
