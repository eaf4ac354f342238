# expect: unparsed (it imports app.models, which neither the repository nor its build holds)
import time

from fastapi import FastAPI

from app.models import Driver

app = FastAPI()


@app.get("/fares/{name}")
async def fare(name: str) -> dict:
    time.sleep(0.1)
    return {"driver": Driver(name).name}
