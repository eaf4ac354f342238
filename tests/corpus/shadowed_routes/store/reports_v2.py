"""Included inside a function, the module's includes outside it: which comes first is not
read, so both routes are kept."""

from fastapi import APIRouter
from sqlalchemy.orm import Session

router = APIRouter()
db = Session()


@router.get("/reports")
async def reports_v2():
    return db.query(dict).count()  # expect: UJ001
