"""Routers the app lists in a loop (`for router, prefix, tags in routers`), one under an
alias of its module's router; one from a module with a syntax error, whose import fails
before it is listed; and one module whose router no include names."""

import os

from fastapi import APIRouter

ledger = APIRouter()
router = APIRouter()
ledger_router = router  # (an alias kept for old imports)
orphans = APIRouter()


@router.get("/ledger/{name}")
async def ledger_entry(name: str):
    return {"names": os.listdir(f"/srv/ledger/{name}")}  # expect: UJ001


@orphans.get("/orphans")
async def orphan_list():
    return os.listdir("/srv/orphans")  # ok: no include names `orphans`
