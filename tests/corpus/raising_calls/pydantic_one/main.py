import time

from fastapi import FastAPI
from venues import VenueIn

app = FastAPI()


@app.post("/venues")
async def create(venue: VenueIn):
    time.sleep(1)  # expect: UJ001
    return venue
