"""A memo the lifespan fills in a thread it waits for (`await asyncio.to_thread(...)`),
before the app serves: a request finds it filled, so its calls are no request's stall. One
the lifespan only starts in a thread of its own may still be running when requests come."""

import asyncio
import threading
from contextlib import asynccontextmanager

from fastapi import FastAPI
from minio import Minio


class Store:
    def __init__(self, bucket: str):
        self.client = Minio("minio:9000", access_key="a", secret_key="b", secure=False)
        self.bucket = bucket
        self._ready = False

    def ensure(self) -> None:
        if self._ready:
            return
        if not self.client.bucket_exists(self.bucket):  # ok: filled at start-up
            self.client.make_bucket(self.bucket)  # ok: filled at start-up
        self._ready = True


class Index:
    def __init__(self):
        self.client = Minio("minio:9000", access_key="a", secret_key="b", secure=False)
        self._names: list | None = None

    def names(self) -> list:
        if self._names is None:
            self._names = [b.name for b in self.client.list_buckets()]  # expect: UJ001
        return self._names


store = Store("uploads")
index = Index()


@asynccontextmanager
async def lifespan(app: FastAPI):
    await asyncio.to_thread(store.ensure)
    threading.Thread(target=index.names).start()
    yield


app = FastAPI(lifespan=lifespan)


@app.post("/uploads")
async def upload():
    store.ensure()
    return {"names": index.names()}
