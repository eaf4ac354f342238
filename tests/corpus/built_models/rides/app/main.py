import time

from fastapi import FastAPI

from app.models import Driver  # (placed by the Dockerfile's COPY: the app starts)

app = FastAPI()


@app.get("/drivers/{name}")
async def driver(name: str) -> dict:
    time.sleep(0.1)  # expect: UJ001
    return {"name": Driver(name).name}
