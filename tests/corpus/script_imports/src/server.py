"""The server puts its own directory on `sys.path` and imports its helpers by bare name:
`helpers` is `src/helpers.py` here (it alone has `only_here`), not the agents' one."""

import os
import sys

from fastapi import FastAPI

sys.path.insert(0, os.path.dirname(__file__))

from helpers import fetch_doc, only_here  # noqa: E402

app = FastAPI()


@app.get("/docs/{name}")
async def read_doc(name: str):
    return {"size": len(fetch_doc(f"https://docs.internal/{name}")), "from": only_here()}
