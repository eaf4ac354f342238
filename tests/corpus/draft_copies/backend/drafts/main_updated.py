"""A draft of main.py a code assistant handed back, kept beside the service (runnable from
backend/, which holds `app`): it includes the router without its prefix."""

from fastapi import FastAPI

from app.routers import items

app = FastAPI()
app.include_router(items.router)
