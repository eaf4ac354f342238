"""One router included at two prefixes under the same name: its routes are served at both,
and the label gives the first."""

import time

from fastapi import APIRouter

versioned = APIRouter()


@versioned.get("/clock")
async def clock():
    time.sleep(0.01)  # expect: UJ001
    return {"ok": True}
