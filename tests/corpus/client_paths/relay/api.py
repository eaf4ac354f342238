import asyncio

import aiohttp
import boto3
import httpx
from fastapi import APIRouter, Depends
from starlette.concurrency import run_in_threadpool

from relay import compat
from relay.queues import QUEUES, TOPICS, WEBHOOKS

router = APIRouter(prefix="/relay")


def archive(body: bytes) -> None:
    s3 = boto3.client("s3")  # expect: UJ003
    s3.put_object(Bucket="archive", Key="k", Body=body)  # expect: UJ003


async def archived():
    await asyncio.to_thread(archive, b"x")


async def partner_client():
    async with httpx.AsyncClient(base_url="http://partner.internal") as client:  # expect: UJ003
        yield client


@router.post("/send/{region}")
async def send(region: str, body: dict):
    QUEUES[region].send_message(QueueUrl="q", MessageBody=compat.dumps(body))  # expect: UJ001
    TOPICS.get(region).post("/publish", json=body)  # expect: UJ001
    return {"rev": compat.git_rev(), "stamp": compat.stamp()}


@router.post("/hook")
async def hook(body: dict, _=Depends(archived)):
    WEBHOOKS.deliver("http://hooks.internal", body)
    return await run_in_threadpool(WEBHOOKS.probe, "http://hooks.internal")


@router.get("/partner")
async def partner(client=Depends(partner_client)):
    response = await client.get("/status")
    return response.json()


@router.get("/fanout")
async def fanout():
    async with aiohttp.ClientSession() as session:  # expect: UJ003
        async with session.get("http://a.internal") as response:
            return await response.json()


@router.post("/confirm")
async def confirm():
    answer = input("ship it? ")  # expect: UJ001
    return {"answer": answer}
