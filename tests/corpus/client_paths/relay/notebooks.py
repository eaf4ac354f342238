"""A runner whose session logs in to a notebook server (its methods fill the session's cookie
jar and headers): each run's session holds its own login, so it stays per request and only
its connections can be shared. A runner whose session keeps nothing of a user's is told to
share the session itself."""

import aiohttp
from fastapi import APIRouter

router = APIRouter(prefix="/notebooks")


class NotebookRunner:
    def __init__(self, base_url: str, password: str) -> None:
        self.password = password
        self.session = aiohttp.ClientSession(base_url=base_url)  # expect: UJ003

    async def sign_in(self) -> None:
        async with self.session.get("login") as response:
            xsrf = response.cookies["_xsrf"].value
            self.session.cookie_jar.update_cookies(response.cookies)
        await self.session.post("login", data={"_xsrf": xsrf, "password": self.password})

    async def run(self, code: str) -> str:
        await self.sign_in()
        async with self.session.post("api/run", json={"code": code}) as response:
            return await response.text()


class StatusProbe:
    def __init__(self, base_url: str) -> None:
        self.session = aiohttp.ClientSession(base_url=base_url)  # expect: UJ003

    async def status(self) -> int:
        async with self.session.get("api/status") as response:
            return response.status


@router.post("/run")
async def run(code: str):
    runner = NotebookRunner("http://jupyter.internal/", "secret")
    try:
        return {"output": await runner.run(code)}
    finally:
        await runner.session.close()


@router.get("/status")
async def status():
    probe = StatusProbe("http://jupyter.internal/")
    try:
        return {"status": await probe.status()}
    finally:
        await probe.session.close()
