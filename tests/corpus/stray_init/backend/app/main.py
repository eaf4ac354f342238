"""Served as `cd backend && uvicorn app.main:app`: `backend/` is on `sys.path`, although a
stray `backend/__init__.py` makes it look like a package, so `app.crud` is this folder's."""

from fastapi import FastAPI

from app.routers import orders

app = FastAPI()
app.include_router(orders.router)
