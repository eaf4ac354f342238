"""`engine_core` is the module the repository's `engine-core-py/` builds (maturin's
`module-name`), installed from the service's dependencies: the app starts, and is checked."""

import time

from engine_core import plan_query
from fastapi import FastAPI

app = FastAPI()


@app.post("/plan")
async def plan(sql: str):
    time.sleep(0.05)  # expect: UJ001
    return {"plan": plan_query(sql)}
