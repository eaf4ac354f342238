"""An app in folders without `__init__.py`, served as `uvicorn bookings.main:app`: namespace
packages, whose relative imports resolve from `bookings`, not from the analysed root."""

from fastapi import FastAPI

from .api.routers import booking
from .worker import start_worker

app = FastAPI(on_startup=[start_worker])
app.include_router(booking.router, prefix="/api")
