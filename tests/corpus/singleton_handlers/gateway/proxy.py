"""A websocket proxy whose one link object is built with the app: its session is kept
across connections (built in a router factory that the server object's `__init__` calls,
and that object is built once by the launch script)."""

import aiohttp
from fastapi import APIRouter, FastAPI, WebSocket


class ProxyLink:
    def __init__(self, url: str) -> None:
        self.url = url
        self._session: aiohttp.ClientSession | None = None

    async def forward(self, message: str) -> None:
        if not self._session:
            self._session = aiohttp.ClientSession()  # ok: kept on the one link
        async with self._session.ws_connect(self.url) as upstream:
            await upstream.send_str(message)


def proxy_router(url: str) -> APIRouter:
    router = APIRouter()
    link = ProxyLink(url)

    @router.websocket("/proxy")
    async def proxy(ws: WebSocket):
        await ws.accept()
        await link.forward(await ws.receive_text())

    return router


class GatewayServer:
    def __init__(self, upstream: str) -> None:
        self.app = FastAPI()
        self.app.include_router(proxy_router(upstream))
