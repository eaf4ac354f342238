"""The core service (`cd apps/core && uvicorn main:app`)."""

from fastapi import FastAPI

from castings.services.shared.sync import announce

app = FastAPI()


@app.post("/announce")
async def post_announcement(text: str):
    return announce(text)
