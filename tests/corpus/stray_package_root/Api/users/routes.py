"""Api/ holds a stray `__init__.py`, but the app runs from Api/ (`cd Api && uvicorn
main:app`): `core` is Api/core/, which has no database.py (nor has Api/users/core/), so
importing this module raises ModuleNotFoundError and the app cannot start."""

from fastapi import APIRouter

from core.database import SessionFactory  # expect: unparsed
from core.db import SessionFactory as Sessions  # ok

router = APIRouter()


@router.get("/users")
async def users() -> dict:
    return {"factory": SessionFactory.__name__, "sessions": Sessions.__name__}
