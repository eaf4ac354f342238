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
