import time

from events import EventIn
from fastapi import FastAPI

app = FastAPI()


@app.post("/events")
async def create(event: EventIn):
    time.sleep(1)  # ok: the app cannot start
    return event
