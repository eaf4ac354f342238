"""Two routers whose routes overlap, for tests/test_check_route_shadows_runtime.py: each
endpoint names itself in its answer and blocks (a zero sleep), so the analyser reports every
endpoint it takes for served."""

import time

from fastapi import APIRouter, FastAPI

books = APIRouter(prefix="/books")
books_v2 = APIRouter(prefix="/books")


@books.get("/{book_id}")
async def book(book_id: int):
    time.sleep(0)
    return {"route": "book", "id": book_id}


@books.get("/pages/{number:int}")
async def page(number: int):
    time.sleep(0)
    return {"route": "page"}


@books_v2.get("/featured")
async def featured():
    time.sleep(0)
    return {"route": "featured"}


@books_v2.get("/{id}")
async def book_v2(id: int):
    time.sleep(0)
    return {"route": "book_v2"}


@books_v2.get("/pages/first")
async def first_page():
    time.sleep(0)
    return {"route": "first_page"}


app = FastAPI()
app.include_router(books)
app.include_router(books_v2)
