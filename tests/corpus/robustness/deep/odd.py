"""Odd but valid code: star imports, dynamic calls, decorators, walrus, match."""

from os.path import *  # noqa
import functools
import importlib
import time


def decorate(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


@decorate
async def decorated() -> None:
    time.sleep(0.1)  # expect: UJ001


async def dynamic(name: str) -> None:
    mod = importlib.import_module(name)
    getattr(mod, "run")()  # ok: unknown target
    if (n := len(name)) > 3:
        match n:
            case 4:
                time.sleep(n)  # expect: UJ001
            case _:
                pass
    handlers = {"a": print}
    handlers["a"]("x")  # ok
    (lambda: time.sleep(1))()  # expect: UJ001
    sorted([1, 2], key=lambda v: time.sleep(v) or v)  # expect: UJ001


def stream_from(run):  # a helper given an async-generator expression: nothing to follow
    from fastapi.responses import StreamingResponse

    return StreamingResponse((line async for line in run()), media_type="text/plain")


async def follow(run):
    return stream_from(run)


__all__ = ["decorated", "dynamic", "follow"]  # (the coroutines this module offers)
