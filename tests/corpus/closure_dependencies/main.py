"""A repository dependency per model, each made by one factory: `make_repo(Book)` and
`make_repo(Author)` are two functions, which FastAPI runs as two dependencies, a trip each."""

from typing import Annotated

from fastapi import Depends, FastAPI


class Book: ...


class Author: ...


def make_repo(model: type):
    def get_repo() -> str:
        return model.__name__

    return get_repo


get_book_repo = make_repo(Book)
get_author_repo = make_repo(Author)
same_book_repo = get_book_repo  # (the same function under another name: one trip)


def current_user() -> int:
    return 1


def catalogue(
    books=Depends(get_book_repo),
    again=Depends(same_book_repo),
    authors=Depends(get_author_repo),
    user=Depends(current_user),
) -> tuple:
    return books, again, authors, user


app = FastAPI()


@app.get("/catalogue")  # expect: UJ005
async def show(service: Annotated[tuple, Depends(catalogue)]) -> dict:
    return {"ok": True}
