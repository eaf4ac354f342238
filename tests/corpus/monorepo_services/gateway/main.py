"""The gateway service (`cd gateway && uvicorn main:app`): its program imports by computed
name, but only what its own folder holds, never the other services' files."""

from fastapi import FastAPI

from loader import load

app = FastAPI()


@app.get("/proxy/{target}")
async def proxy(target: str):
    return load(f"handlers.{target}")()
