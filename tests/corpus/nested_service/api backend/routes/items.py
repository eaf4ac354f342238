from core.database import SessionLocal
from fastapi import APIRouter
from sqlalchemy import text

router = APIRouter()


@router.get("/items")
async def items():
    db = SessionLocal()
    return db.execute(text("SELECT id FROM items")).all()  # expect: UJ001
