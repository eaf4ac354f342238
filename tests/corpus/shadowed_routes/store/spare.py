"""A router that collects others and that no app includes: the copy of books.py's routes it
holds is never served, and does not make their order in the app unknown."""

from fastapi import APIRouter

from store import books

spare = APIRouter()
spare.include_router(books.router)
