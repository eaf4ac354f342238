"""A second service reading the same schemas: every name it reads exists, or is read only
where the module's load does not evaluate it."""

import time

from fastapi import FastAPI

from clinic import schemas

app = FastAPI()


@app.get("/visits", response_model=list[schemas.Visit])
async def visits():
    time.sleep(0.1)  # expect: UJ001
    return []


@app.get("/legacy", response_model=schemas.Legacy if hasattr(schemas, "Legacy") else dict)
async def legacy():
    time.sleep(0.1)  # expect: UJ001
    return {}
