import os
import time

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

os.makedirs("uploads", exist_ok=True)
app = FastAPI()
app.mount("/uploads", StaticFiles(directory="uploads"))


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
