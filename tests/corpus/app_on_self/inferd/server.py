"""A server class that keeps its FastAPI app in `self.app` and registers its own bound
methods as routes by calling the route decorators (`self.app.post(path)(self.handler)`), as
model-serving toolkits do. The app is the project's only one: what it does not serve (a
stats loop run on a private event loop in a thread) answers no request."""

import asyncio
import json
import time
from contextlib import asynccontextmanager
from threading import Thread

import requests
from fastapi import FastAPI


class InferServer:
    def __init__(self, upstream: str) -> None:
        self.upstream = upstream
        self.hits = 0
        self.app = FastAPI(lifespan=self.lifespan)
        self._register()

    def _register(self) -> None:
        self.app.get("/health")(self.health)
        self.app.post("/v1/completions")(self.complete)
        self.app.get("/v1/models")(self.models)

    @asynccontextmanager
    async def lifespan(self, app: FastAPI):
        with open("models.json") as listing:  # expect: UJ002
            self.listing = json.load(listing)
        Thread(target=lambda: asyncio.run(self._report_loop()), daemon=True).start()
        yield

    async def _report_loop(self) -> None:
        while True:
            time.sleep(5)  # ok: its own loop, in its own thread
            print("hits", self.hits)

    async def health(self):
        return {"ok": True}

    async def complete(self, prompt: str):
        self.hits += 1
        reply = requests.post(self.upstream, json={"prompt": prompt})  # expect: UJ001
        return reply.json()

    async def models(self):
        return requests.get(f"{self.upstream}/models").json()  # expect: UJ001
