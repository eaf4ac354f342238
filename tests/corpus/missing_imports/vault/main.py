"""A settings class written for pydantic 1, in a project that requires pydantic 2: importing
the config raises PydanticImportError, so the app never starts."""

import time

from fastapi import FastAPI

from vault.config import settings

app = FastAPI(title=settings.bucket)


@app.get("/objects")
async def objects() -> list:
    time.sleep(1)  # ok: the app cannot start
    return []
