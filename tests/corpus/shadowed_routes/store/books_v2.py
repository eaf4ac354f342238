"""The newer module: its GET routes repeat books.py's, under another parameter name, and lose;
its PUT has no earlier twin and is served."""

from fastapi import APIRouter
from sqlalchemy.orm import Session

router = APIRouter(prefix="/admin")
db = Session()


@router.get("/books/{id}")
async def get_book_v2(id: int):
    return db.get(dict, id)  # ok


@router.put("/books/{id}")
async def put_book(id: int):
    db.commit()  # expect: UJ001


@router.get("/authors")
async def list_authors_v2():
    return db.query(dict).all()  # ok


@router.get("/authors")
async def list_authors_v3():
    return db.query(dict).count()  # ok
