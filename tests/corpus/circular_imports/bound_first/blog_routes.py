import time

from blog import app

VERSION = "1"


@app.get("/posts")
async def posts():
    time.sleep(1)  # expect: UJ001
    return []
