import asyncio

from fastapi import FastAPI

from events.publishing import archive, publish

app = FastAPI()


@app.post("/orders")
async def create_order(order: dict):
    asyncio.create_task(publish({"type": "order", **order}, prefer_async=True))
    asyncio.create_task(archive({"type": "order", **order}))
    return {"ok": True}


@app.post("/refunds")
async def create_refund(refund: dict):
    asyncio.create_task(publish({"type": "refund", **refund}, prefer_async=True))
    asyncio.create_task(archive({"type": "refund", **refund}, to_disk=True))
    return {"ok": True}
