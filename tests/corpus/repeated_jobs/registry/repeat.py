"""A periodic-task decorator of the project's own, in the shape fastapi-utils' `repeat_every`
is copied into many apps: calling the decorated function starts a loop in a task and
returns at once; the function's body runs in that task, on the event loop, while the app
serves — not in the caller (a lifespan awaiting it does not wait for it)."""

import asyncio
from functools import wraps


def every(*, seconds: float):
    def decorator(func):
        @wraps(func)
        async def start() -> None:
            async def turn() -> None:
                while True:
                    await func()
                    await asyncio.sleep(seconds)

            asyncio.ensure_future(turn())

        return start

    return decorator


def logged(func):
    """A wrapper that runs the function in place."""

    @wraps(func)
    async def wrapper() -> None:
        print("running", func.__name__)
        await func()

    return wrapper
