"""A script run from its own folder (`cd server && uvicorn app:app`): its `utils/` (no
`__init__.py`) is the one on `sys.path`, not the root's `utils` package, which lacks
`log_util`."""

import time

from fastapi import FastAPI

from utils.log_util import logger

app = FastAPI()


@app.get("/status")
async def status():
    logger.info("status")
    time.sleep(1)  # expect: UJ001
    return {}
