"""`shared-tools/` is a distribution of its own (a pyproject.toml that installs the folder
as `shared_tools`): its import is no missing module."""

import time

from fastapi import FastAPI
from shared_tools.pdf import page_count

app = FastAPI()


@app.get("/pages")
async def pages(path: str):
    time.sleep(0.1)  # expect: UJ001
    return {"pages": page_count(path)}
