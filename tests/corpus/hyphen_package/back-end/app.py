"""An app folder whose name no import can spell, with a stray `__init__.py` (`cd back-end &&
uvicorn app:app`): its modules are `app`, `database`, `routers.pets`, so `from database
import Pet` gives the model, which no relationship makes delete in cascade."""

from fastapi import FastAPI

from routers import pets

app = FastAPI()
app.include_router(pets.router, prefix="/api")
