# expect: unparsed
# `uploads/` is made (through a path unjam does not read) by a service function the route of
# the same name calls: that route runs once the app serves, after the mount raised
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

import services

app = FastAPI()
app.mount("/uploads", StaticFiles(directory="uploads"), name="uploads")


@app.post("/upload/{name}")
async def upload(name: str):
    return {"path": await services.upload(name, b"")}
