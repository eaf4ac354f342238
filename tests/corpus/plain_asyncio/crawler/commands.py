"""A command framework of the project's own: `@command(...)` wraps an `async def` so the
command line can call it; its wrapper runs what the function makes on a loop of its own."""

import asyncio
import functools
import inspect

import anyio


def command(help: str):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            result = func(*args, **kwargs)
            if inspect.isawaitable(result):
                asyncio.run(result)

        wrapper.help = help
        return wrapper

    return decorator


@command(help="Export the crawl database")
async def export(path: str) -> None:
    with open(path, "w") as fh:  # ok: run once by the `export` command
        fh.write("")


async def migrate() -> None:
    with open("/var/crawler/schema.sql") as fh:  # ok: run once by `migrate_command`
        fh.read()


def migrate_command() -> None:
    anyio.run(migrate)
