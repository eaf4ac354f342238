import os

from fastapi import APIRouter
from sqlalchemy.orm import Session

router = APIRouter()
db = Session()


@router.get("/books/{book_id}")
async def get_book(book_id: int):
    return db.get(dict, book_id)  # expect: UJ001


@router.get("/authors")
async def list_authors():
    return db.query(dict).all()  # expect: UJ001


@router.get("/pages/{number:int}")
async def get_page(number: int):
    return db.get(dict, number)  # expect: UJ001


if os.environ.get("STORE_DEBUG"):

    @router.get("/stock")
    async def stock_debug():
        return db.query(dict).count()  # expect: UJ001


@router.get("/stock")
async def stock():  # served whenever STORE_DEBUG is unset: the route above may not exist
    return db.query(dict).all()  # expect: UJ001
