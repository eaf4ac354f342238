import time

from fastapi import APIRouter

router = APIRouter(prefix="/accounts", tags=["accounts"])


@router.get("/{account_id}")
async def account(account_id: int):
    time.sleep(0.05)  # expect: UJ001
    return {"id": account_id}


@router.get("/")
def accounts():
    with open("accounts.json") as fh:  # ok: a sync endpoint's file read, in the thread pool
        return fh.read()
