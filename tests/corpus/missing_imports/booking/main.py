"""The booking app's routes import `.utils.expiry`, a file in booking/utils/, a folder
without `__init__.py` beside booking/utils.py: Python finds the module first, so
`booking.utils` is no package and the import fails. The app cannot start."""

from fastapi import FastAPI

from booking.routes import router

app = FastAPI()
app.include_router(router)
