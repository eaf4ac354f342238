"""The newer module: its GET routes repeat books.py's, under another parameter name, or name
a book id books.py's `/books/{book_id}` takes first (`featured` is a book id to Starlette, and
to FastAPI a 422), and lose; its PUT has no earlier twin, and `first` is no page number."""

from fastapi import APIRouter
from sqlalchemy.orm import Session

router = APIRouter(prefix="/admin")
db = Session()


@router.get("/books/{id}")
async def get_book_v2(id: int):
    return db.get(dict, id)  # ok


@router.get("/books/featured")
async def featured_books():
    return db.query(dict).limit(5).all()  # ok


@router.get("/pages/first")
async def first_page():
    return db.query(dict).first()  # expect: UJ001


@router.put("/books/{id}")
async def put_book(id: int):
    db.commit()  # expect: UJ001


@router.get("/authors")
async def list_authors_v2():
    return db.query(dict).all()  # ok


@router.get("/authors")
async def list_authors_v3():
    return db.query(dict).count()  # ok
