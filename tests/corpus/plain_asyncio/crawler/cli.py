"""A CLI whose commands run their coroutines through a helper of its own (`run_async(coro)`,
which hands them to `asyncio.run`): each is a command's main, not a service."""

import asyncio
import json


def run_async(coro):
    try:
        return asyncio.run(coro)
    except KeyboardInterrupt:
        return None


async def _deploy(manifest: str) -> dict:
    with open(manifest) as fh:  # ok: run once by the `deploy` command
        return json.load(fh)


def deploy(manifest: str = "deploy.json") -> None:
    print(run_async(_deploy(manifest)))


async def _probe(url: str) -> bool:
    with open("/etc/hosts") as hosts:  # ok: run once by the `probe` command
        return url in hosts.read()


def probe(url: str, timeout: float = 5.0) -> None:
    print(asyncio.run(asyncio.wait_for(_probe(url), timeout=timeout)))
