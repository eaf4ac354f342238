"""The gateway: run from its folder (`cd services/api-gateway/app && uvicorn main:app`)."""

import time

from fastapi import FastAPI

from core.config import settings

app = FastAPI(title=settings.upstream)


@app.get("/gateway")
async def gateway():
    time.sleep(0.1)  # expect: UJ001
    return {}
