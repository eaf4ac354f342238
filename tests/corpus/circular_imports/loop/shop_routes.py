import time

from shop import app

VERSION = "1"


@app.get("/items")
async def items():
    time.sleep(1)  # ok: the app cannot start
    return []
