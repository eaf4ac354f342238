"""A service of its own that nothing here launches, and that does not run itself either: a
command outside the repository (a unit file on a server) may run it, so it is checked."""

import time

from fastapi import FastAPI

app = FastAPI()


@app.post("/login")
async def login():
    time.sleep(0.1)  # expect: UJ001
    return {"token": "t"}
