"""Included under a prefix unjam cannot read: its routes are compared with each other only."""

from fastapi import APIRouter
from sqlalchemy.orm import Session

router = APIRouter()
db = Session()


@router.get("/items/{item_id}")
async def get_item(item_id: int):
    return db.get(dict, item_id)  # expect: UJ001


@router.get("/items/search")
async def search_items():
    return db.query(dict).all()  # ok
