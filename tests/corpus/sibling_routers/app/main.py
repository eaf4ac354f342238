import time

from fastapi import FastAPI
from routers import auth_router

app = FastAPI()
app.include_router(auth_router)


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
    return {}
