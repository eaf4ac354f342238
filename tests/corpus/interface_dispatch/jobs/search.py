"""A dispatch on the kind of callable: a coroutine function is awaited, a plain one is run
in the thread pool."""

import asyncio

import requests
from starlette.concurrency import run_in_threadpool


def list_projects(query: str) -> list[str]:
    return requests.get("https://projects.example", params={"q": query}).json()  # ok: in a thread


async def list_tags(query: str) -> list[str]:
    return [query]


SEARCHES = {"projects": list_projects, "tags": list_tags}


async def search(kind: str, query: str) -> list[str]:
    function = SEARCHES[kind]
    if asyncio.iscoroutinefunction(function):
        return await function(query)
    return await run_in_threadpool(function, query)
