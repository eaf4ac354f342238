import time

from fastapi import FastAPI
from slots import SlotIn

app = FastAPI()


@app.post("/slots")
async def create(slot: SlotIn):
    time.sleep(1)  # expect: UJ001
    return slot
