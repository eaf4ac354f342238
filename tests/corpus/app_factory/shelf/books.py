import time

from shelf.routing import APIRouter

router = APIRouter(prefix="/books")


@router.get("/{book_id}")
async def get_book(book_id: int):
    time.sleep(0.05)  # expect: UJ001
    return {"id": book_id}


@router.get("/")
def list_books():
    return []
