from fastapi import APIRouter, Depends
from sqlalchemy import text

from tasks.routes import get_db

router = APIRouter(prefix="/reports")


def get_report_user(db=Depends(get_db)) -> dict:
    """Replaced on the reader app only (reader.py): the main app calls it."""
    return dict(db.execute(text("SELECT * FROM users LIMIT 1")).first())  # expect: UJ005


@router.get("/")
async def reports(user: dict = Depends(get_report_user)):
    return {"user": user}
