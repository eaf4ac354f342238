"""Run from this folder (`uvicorn main:app`); app/ and api/ are namespace packages."""

from fastapi import FastAPI

from api import buses

app = FastAPI()
app.include_router(buses.router)
