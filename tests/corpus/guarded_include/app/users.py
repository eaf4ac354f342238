# expect: unparsed
from fastapi import APIRouter

from app.missing_module import User

router = APIRouter()


@router.get("/me")
async def me():
    return {"user": User}
