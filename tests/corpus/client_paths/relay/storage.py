"""Async AWS clients (aiobotocore, aioboto3): each one built opens its own aiohttp session and
connection pool and builds its service model on the loop, so one made per request pays that
on every request. A client entered once and kept (here behind a `None` check) is not."""

from contextlib import AsyncExitStack, asynccontextmanager

import aioboto3
from aiobotocore.session import get_session
from fastapi import APIRouter, UploadFile

router = APIRouter(prefix="/storage")


class Bucket:
    def __init__(self, name: str, endpoint_url: str):
        self.name = name
        self.config = {"endpoint_url": endpoint_url}
        self.session = get_session()

    @asynccontextmanager
    async def client(self):
        async with self.session.create_client("s3", **self.config) as client:  # expect: UJ003
            yield client

    async def put(self, key: str, body: bytes) -> None:
        async with self.client() as client:
            await client.put_object(Bucket=self.name, Key=key, Body=body)


uploads = Bucket("uploads", "http://minio.internal:9000")
session = aioboto3.Session()


@router.post("/upload")
async def upload(file: UploadFile):
    await uploads.put(file.filename or "upload", await file.read())
    return {"ok": True}


@router.get("/object/{key}")
async def read_object(key: str):
    async with session.client("s3") as s3:  # expect: UJ003
        answer = await s3.get_object(Bucket="archive", Key=key)
        return {"size": answer["ContentLength"]}


_stack = AsyncExitStack()
_shared = None


async def shared_client():
    global _shared
    if _shared is None:
        _shared = await _stack.enter_async_context(session.client("s3"))  # ok
    return _shared


@router.get("/head/{key}")
async def head_object(key: str):
    s3 = await shared_client()
    answer = await s3.head_object(Bucket="archive", Key=key)
    return {"size": answer["ContentLength"]}
