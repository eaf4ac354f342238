"""A draft of main.py a code assistant handed back, kept beside its notes: nothing runs it."""

from fastapi import FastAPI

from app.routers import items

app = FastAPI()
app.include_router(items.router)
