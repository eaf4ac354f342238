from fastapi import APIRouter
from sqlalchemy.orm import Session

router = APIRouter()
db = Session()


@router.get("/reports")
async def reports():
    return db.query(dict).all()  # expect: UJ001
