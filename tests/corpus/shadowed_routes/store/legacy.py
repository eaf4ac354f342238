from fastapi import APIRouter
from sqlalchemy.orm import Session

router = APIRouter()
db = Session()


@router.get("/reports")
async def legacy_reports():
    return db.query(dict).first()  # expect: UJ001
