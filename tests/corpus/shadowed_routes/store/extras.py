"""Patterns that only look alike are both served: an `int` convertor lets other book ids
through, and a trailing slash is another path."""

from fastapi import APIRouter
from sqlalchemy.orm import Session

router = APIRouter()
db = Session()


@router.get("/books/{slug:path}")
async def book_by_slug(slug: str):
    return db.query(dict).first()  # expect: UJ001


@router.get("/authors/")
async def list_authors_slash():
    return db.query(dict).all()  # expect: UJ001
