"""Chat interfaces a library's user makes, once per app, and hands to the manager: each one
registers its own routes, which keep it (and what it holds) for as long as the app serves."""

import httpx
from fastapi import APIRouter

URL = "https://chat.example.internal/api/messages"


class Interface:
    def attach_routes(self) -> APIRouter:
        raise NotImplementedError


class ChatTools:
    def __init__(self, token: str):
        self.token = token
        self._client: httpx.AsyncClient | None = None

    async def _client_for(self) -> httpx.AsyncClient:
        if self._client is None or self._client.is_closed:
            self._client = httpx.AsyncClient(headers={"Authorization": self.token})  # ok: once per interface
        return self._client

    async def reply(self, text: str) -> None:
        client = await self._client_for()
        await client.post(URL, json={"text": text})


class ChatInterface(Interface):
    def __init__(self, token: str):
        self.tools = ChatTools(token)

    def attach_routes(self) -> APIRouter:
        router = APIRouter(prefix="/chat")

        @router.post("/message")
        async def message(text: str) -> dict:
            await self.tools.reply(text)
            return {"ok": True}

        return router
