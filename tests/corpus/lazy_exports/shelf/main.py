"""A router a package exports lazily, through a module `__getattr__` (PEP 562): the name is
no submodule, yet the import gives the router, so the include serves it."""

from fastapi import FastAPI

from shelf.api import books_router

app = FastAPI()
app.include_router(books_router)
