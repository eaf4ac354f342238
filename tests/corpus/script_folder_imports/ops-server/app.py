"""Run from its folder (`cd ops-server && uvicorn app:app`): the folder is on `sys.path`, and
the shared package's `from config import ...` finds ops-server/config.py."""

import os
import sys

from fastapi import FastAPI

sys.path.append(os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))

from config import FLEET_SIZE  # noqa: E402
from shared import fleet  # noqa: E402

app = FastAPI()


@app.get("/fleet")
async def list_fleet():
    return fleet.positions(FLEET_SIZE)
