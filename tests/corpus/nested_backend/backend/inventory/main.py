"""A service whose package sits in `backend/` (run as `cd backend && uvicorn
inventory.main:app`), neither at the checked root nor in `src/`."""

from fastapi import FastAPI

from inventory.api import items

app = FastAPI()
app.include_router(items.router)
