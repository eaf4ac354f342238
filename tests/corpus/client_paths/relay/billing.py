"""Sync HTTP clients built per request on the event loop. Sharing one is the fix only where
the calls made with it do not block the loop as well: `export` posts with it on the loop,
`export_in_thread` hands its calls to a worker thread."""

import asyncio

import httpx
from fastapi import APIRouter

router = APIRouter(prefix="/billing")


def send_batch(rows: list[dict]) -> None:
    with httpx.Client(timeout=30) as client:  # expect: UJ003
        client.post("https://billing.internal/drops", json=rows).raise_for_status()  # expect: UJ001


@router.post("/export")
async def export(rows: list[dict]):
    send_batch(rows)
    return {"sent": len(rows)}


@router.post("/export-in-thread")
async def export_in_thread(rows: list[dict]):
    client = httpx.Client(timeout=30)  # expect: UJ003
    response = await asyncio.to_thread(client.post, "https://billing.internal/drops", json=rows)
    return {"status": response.status_code}
