"""A library of routers an app elsewhere includes; this one imports a module that does not
compile, so it cannot import and none of its routes is served."""

import time

from fastapi import APIRouter

from kit.formatting import money

router = APIRouter()


@router.get("/invoices/{number}")
async def invoice(number: int):
    time.sleep(0.1)  # ok: its module cannot import
    return {"total": money(number)}
