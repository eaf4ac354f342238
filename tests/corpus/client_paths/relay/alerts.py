"""Alerts a route sends from a background task only when its work failed: a client built
there is built once per failure, not on every request; one it schedules every time is."""

import httpx
from fastapi import APIRouter, BackgroundTasks

router = APIRouter(prefix="/alerts")


async def send_alert(message: str) -> None:
    async with httpx.AsyncClient() as client:  # ok: only after a failure
        await client.post("http://127.0.0.1:9/hooks", json={"text": message})


async def send_receipt(message: str) -> None:
    async with httpx.AsyncClient() as client:  # expect: UJ003
        await client.post("http://127.0.0.1:9/receipts", json={"text": message})


def parse(body: dict) -> int:
    return int(body["amount"])


@router.post("/charge")
async def charge(body: dict, tasks: BackgroundTasks):
    try:
        amount = parse(body)
    except Exception as exc:
        tasks.add_task(send_alert, f"charge failed: {exc}")
        raise
    tasks.add_task(send_receipt, f"charged {amount}")
    return {"amount": amount}
