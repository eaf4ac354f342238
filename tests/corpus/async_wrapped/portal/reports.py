import time

import requests
from fastapi import APIRouter, Depends

from portal.guards import audited, offloaded, permitted, role_checker, timed

router = APIRouter(prefix="/reports")


@audited
def current_quota() -> int:
    return requests.get("https://quota.example/left").json()["left"]  # expect: UJ001


@router.get("/admin")
@role_checker("admin")
def admin_report(quota: int = Depends(current_quota)) -> dict:
    with open("/srv/reports/admin.json") as fh:  # expect: UJ001
        return {"report": fh.read(), "quota": quota}


@router.get("/nightly")
@offloaded
def nightly_report() -> dict:
    time.sleep(0.1)  # ok: the wrapper runs it in the thread pool
    return {}


@router.get("/weekly")
@timed
def weekly_report() -> dict:
    time.sleep(0.1)  # ok: a `def` wrapper, registered as a `def`: the thread pool
    return {}


@router.get("/live")
@audited
async def live_report() -> dict:
    return {"live": True}


class Archive:
    def load(self, name: str) -> str:
        with open(f"/srv/archive/{name}") as fh:  # expect: UJ001
            return fh.read()


archive = Archive()


@router.get("/archive/{name}")
async def archived_report(name: str) -> dict:
    return {"report": archive.load(name)}


@router.get("/ledger")
@permitted("ledger:read")
def ledger() -> dict:
    time.sleep(0.05)  # ok: its own kind of wrapper, a `def`: run in the thread pool
    return {}
