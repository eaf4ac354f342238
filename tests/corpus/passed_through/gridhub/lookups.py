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
