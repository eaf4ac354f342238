"""The app the image runs (`uvicorn app.main:app`); a preview copy in devtools/ includes the
same router, and a runner there starts "main:app" from its own folder."""

from fastapi import FastAPI

from app.api import router

app = FastAPI()  # expect: UJ006
app.include_router(router, prefix="/v1")
