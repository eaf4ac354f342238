"""A result cache of the project's own, known by its name: the body runs on a miss."""

import functools

import httpx


def ttl_cached(seconds: int):
    def decorate(func):
        store: dict = {}

        @functools.wraps(func)
        async def wrapper(*args):
            if args not in store:
                store[args] = await func(*args)
            return store[args]

        return wrapper

    return decorate


@ttl_cached(300)
async def adapters(base: str):
    async with httpx.AsyncClient() as client:  # ok
        return (await client.get(f"http://hub.local/{base}")).json()


async def lineage(base: str):
    async with httpx.AsyncClient() as client:  # expect: UJ003
        return (await client.get(f"http://hub.local/{base}/lineage")).json()


async def hub_client(request):
    client = getattr(request.app.state, "hub_client", None)
    if client is not None and not client.is_closed:
        return client
    client = httpx.AsyncClient()  # ok
    request.app.state.hub_client = client
    return client


def authed_client(request):
    auth = getattr(request.app.state, "hub_auth", None)
    if auth and auth.get("type") != "none":
        return httpx.AsyncClient(auth=(auth["user"], auth["password"]))  # expect: UJ003
    return httpx.AsyncClient()  # expect: UJ003
