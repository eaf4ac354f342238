"""Served from survey-backend/ (`uvicorn app.main:app`), a folder no import can spell, its
folders without `__init__.py`: every module's relative imports are found from its file."""

from fastapi import FastAPI

from .routes import items

app = FastAPI()  # expect: UJ006
app.include_router(items.router, prefix="/api")
