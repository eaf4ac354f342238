"""`client = client or httpx.AsyncClient()`: an HTTP client is always true, so a caller that
hands one over never builds another; a caller that hands none builds one per request."""

import httpx
import requests
from fastapi import FastAPI

app = FastAPI()  # expect: UJ006
shared = httpx.AsyncClient(timeout=10)
session = requests.Session()


async def lookup(url: str, client: httpx.AsyncClient | None = None) -> int:
    client = client or httpx.AsyncClient(timeout=10)  # ok: every caller hands one over
    response = await client.get(url)
    return response.status_code


async def probe(url: str, client: httpx.AsyncClient | None = None) -> int:
    client = client or httpx.AsyncClient(timeout=10)  # expect: UJ003
    response = await client.get(url)
    return response.status_code


def fetch_sync(url: str, http: requests.Session | None = None) -> str:
    http = http or requests.Session()  # ok: the caller hands its session over
    return http.get(url, timeout=5).text  # expect: UJ005


@app.get("/lookup")
async def lookup_route() -> int:
    return await lookup("http://inventory.internal/items", client=shared)


@app.get("/probe")
async def probe_route() -> int:
    return await probe("http://inventory.internal/health")


@app.get("/page")
def page() -> str:
    return fetch_sync("http://pages.internal/home", http=session)


async def verify(url: str, http_client: httpx.AsyncClient | None = None) -> bool:
    client = http_client
    if client is None:
        client = httpx.AsyncClient(timeout=10)  # ok: every caller hands its client over
    response = await client.get(url)
    return response.is_success


async def verify_alone(url: str, http_client: httpx.AsyncClient | None = None) -> bool:
    client = http_client
    if client is None:
        client = httpx.AsyncClient(timeout=10)  # expect: UJ003
    response = await client.get(url)
    return response.is_success


@app.get("/verify")
async def verify_route() -> bool:
    return await verify("http://auth.internal/check", http_client=shared)


@app.get("/verify-alone")
async def verify_alone_route() -> bool:
    return await verify_alone("http://auth.internal/check")


async def check_token(url: str, http_client: httpx.AsyncClient | None = None) -> bool:
    client = http_client
    if client is None:
        client = httpx.AsyncClient(timeout=10)  # ok: the handler hands over the one it keeps
    response = await client.get(url)
    return response.is_success


class SocketHandler:
    def __init__(self) -> None:
        self.http_client = httpx.AsyncClient(timeout=10)

    async def authenticate(self, token: str) -> bool:
        return await check_token(f"http://auth.internal/{token}", http_client=self.http_client)


handler = SocketHandler()


@app.get("/socket-auth/{token}")
async def socket_auth(token: str) -> bool:
    return await handler.authenticate(token)
