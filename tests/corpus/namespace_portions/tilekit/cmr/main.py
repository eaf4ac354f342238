import time

from fastapi import FastAPI

from tilekit.cmr.settings import TILE_SIZE
from tilekit.core.factory import TilerFactory  # ok: tilekit-core installs it

app = FastAPI()
app.include_router(TilerFactory(tile_size=TILE_SIZE).router)


@app.get("/collections")
async def collections() -> list:
    time.sleep(0.1)  # expect: UJ001
    return []
