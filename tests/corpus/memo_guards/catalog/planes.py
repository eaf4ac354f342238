"""Data planes: a base class whose memoised client its subclasses share, each plane built
once, by the set-up code that builds the router serving it (several calls away from the
module that starts the server) — and lookups, whose subclass a route builds per request."""

import os

import httpx
import uvicorn
from fastapi import APIRouter, FastAPI


class Plane:
    def __init__(self, upstream: str) -> None:
        self.upstream = upstream
        self._client: httpx.AsyncClient | None = None

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(base_url=self.upstream)  # ok: once per plane
        return self._client

    async def ready(self) -> bool:
        return (await self.client.get("/ready")).status_code == 200


class ChatPlane(Plane):
    async def complete(self, prompt: str) -> dict:
        return (await self.client.post("/complete", json={"prompt": prompt})).json()


def chat_routes(app: FastAPI, upstream: str) -> None:
    plane = ChatPlane(upstream)
    chat = APIRouter(prefix="/chat")

    @chat.get("/ready")
    async def chat_ready():
        return {"ready": await plane.ready()}

    @chat.post("/complete")
    async def chat_complete(prompt: str):
        return await plane.complete(prompt)

    app.include_router(chat)


class Lookup:
    def __init__(self) -> None:
        self._session: httpx.AsyncClient | None = None

    @property
    def session(self) -> httpx.AsyncClient:
        if self._session is None:
            self._session = httpx.AsyncClient(base_url="http://127.0.0.1:9100")  # expect: UJ003
        return self._session


class CountryLookup(Lookup):
    async def find(self, code: str) -> dict:
        return (await self.session.get(f"/countries/{code}")).json()


def lookup_routes(app: FastAPI) -> None:
    lookups = APIRouter(prefix="/lookup")

    @lookups.get("/{code}")
    async def find_country(code: str):
        return await CountryLookup().find(code)  # a new lookup, and client, per request

    app.include_router(lookups)


class PlaneServer:
    def start(self) -> None:
        app = self._create()
        uvicorn.run(app, host="127.0.0.1", port=8000)

    def _create(self) -> FastAPI:
        from catalog.main import app

        self._register(app)
        return app

    def _register(self, app: FastAPI) -> None:
        chat_routes(app, os.environ.get("CHAT_UPSTREAM", "http://127.0.0.1:9000"))
        lookup_routes(app)


if __name__ == "__main__":
    PlaneServer().start()
