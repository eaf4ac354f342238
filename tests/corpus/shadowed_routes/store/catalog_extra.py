from fastapi import APIRouter
from sqlalchemy.orm import Session

router = APIRouter()
db = Session()


@router.get("/items/search")
async def search_more():  # another router under another unread prefix: not compared
    return db.query(dict).all()  # expect: UJ001
