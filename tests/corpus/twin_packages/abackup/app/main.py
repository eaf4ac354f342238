"""A backup copy of the app, kept beside the served one: its `app` package is its own."""

from fastapi import FastAPI

app = FastAPI()


@app.get("/health")
async def health():
    return {"ok": True}
