"""A CLI whose commands run their coroutines through helpers of its own (`run_async(coro)`,
which hands them to `asyncio.run`; `run_sync(coro_func)`, which calls what it is handed on a
fresh loop): each is a command's main, not a service."""

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



def run_sync(coro_func):
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(coro_func())
    finally:
        loop.close()


async def _inspect(paths: list[str]) -> dict:
    return {path: open(path).read() for path in paths}  # ok: run once by `inspect`


async def _summary() -> str:
    with open("/var/crawler/summary.txt") as fh:  # ok: run once by `summary`
        return fh.read()


def inspect(paths: list[str]) -> None:
    print(run_sync(lambda: _inspect(paths)))


def summary() -> None:
    print(run_sync(_summary))
