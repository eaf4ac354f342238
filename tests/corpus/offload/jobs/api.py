import asyncio
import functools
from collections.abc import AsyncIterator

import anyio
import requests
from fastapi import APIRouter, BackgroundTasks
from fastapi.concurrency import iterate_in_threadpool, run_in_threadpool
from fastapi.responses import StreamingResponse
from starlette.background import BackgroundTask

from jobs import work
from jobs.work import checksum, csv_rows, fetch_rates, lines, render_pdf, resize, send_receipt, slow_report

router = APIRouter()


@router.get("/pdf/{order_id}")
async def pdf(order_id: int):
    return await run_in_threadpool(render_pdf, order_id)  # ok


@router.get("/rates/{currency}")
async def rates(currency: str):
    return await anyio.to_thread.run_sync(functools.partial(fetch_rates, currency))  # ok


@router.post("/resize")
async def do_resize(path: str):
    await asyncio.to_thread(lambda: resize(path, 200))  # ok
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, slow_report)  # ok
    return {"ok": True}


@router.get("/file")
async def file(path: str):
    async def chunks() -> AsyncIterator[bytes]:
        async for chunk in iterate_in_threadpool(lines(path)):  # ok
            yield chunk

    return StreamingResponse(chunks())


@router.get("/csv")
async def csv(path: str):
    return StreamingResponse(csv_rows(path), media_type="text/csv")  # ok


async def audit_stream() -> AsyncIterator[str]:
    for i in range(3):
        requests.post("https://audit.internal", json={"i": i})  # expect: UJ001
        yield str(i)


@router.get("/audit")
async def audit():
    return StreamingResponse(audit_stream())


async def notify(email: str) -> None:
    requests.post("https://push.internal", json={"to": email})  # expect: UJ001


@router.post("/orders")
async def create_order(email: str, tasks: BackgroundTasks):
    tasks.add_task(send_receipt, email)  # ok: sync task runs in the thread pool
    tasks.add_task(notify, email)  # ok: reported inside notify
    return {"ok": True}


@router.post("/verify")
async def verify(path: str):
    direct = work.checksum(path)  # ok: reported at the blocking call
    offloaded = await run_in_threadpool(checksum, path)  # ok
    return {"same": direct == offloaded, "task": BackgroundTask(send_receipt, "x")}


class Importer:
    async def import_all(self, urls: list[str]) -> None:
        for url in urls:
            requests.get(url)  # expect: UJ001


async def reindex(index: str) -> None:
    requests.post("https://search.internal/reindex", json={"index": index})  # expect: UJ001


@router.post("/imports")
def start_import(urls: list[str], tasks: BackgroundTasks):
    """A `def` endpoint handing coroutines to BackgroundTasks: Starlette awaits them on the
    loop after the response."""
    importer = Importer()
    tasks.add_task(importer.import_all, urls)
    tasks.add_task(reindex, "recipes")
    return {"queued": len(urls)}


async def index_channel(channel_id: int) -> None:
    requests.post("https://search.internal/index", json={"id": channel_id})  # expect: UJ001


@router.post("/channels/{channel_id}")
async def add_channel(channel_id: int, urgent: bool = False):
    if urgent:
        asyncio.create_task(index_channel(channel_id))
        return {"queued": "now"}
    asyncio.create_task(index_channel(channel_id))
    return {"queued": "later"}
