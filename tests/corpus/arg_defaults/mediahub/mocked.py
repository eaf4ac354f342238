"""A model client's decorator, as LLM gateways write it: its sync wrapper stamps a call id
on the call's keywords, hands them to a set-up helper that gives the dict back with keys of
its own, and passes them on. Every other keyword reaches the function as the call wrote it,
so the health check's `mock_reply` still returns before any provider is called. What the
wrapper or its helper sets (`call_id`, `metadata`) is unknown there, whatever the call
passed. An `async def` gets the async wrapper, which merges keys it cannot name: its call's
keywords decide nothing. The tracer's `wrap()` hands back the function itself when given
one, and a decorator that returns it otherwise. What `complete` reads of its `**kwargs` it
hands on to the mock (`delay=…`, `jitter=kwargs.get(…)`): a keyword the call left out is
None there too, also after `complete` pops keys it computes (those it got may be gone, none
it lacked appears), and after it pops `mock_delay` once read."""

import time
import uuid
from pathlib import Path
from typing import cast

from fastapi import APIRouter

checks = APIRouter(prefix="/checks")


class Tracer:
    def wrap(self, name=None, **options):
        if callable(name):
            return name

        def decorator(f):
            return f

        return decorator


tracer = Tracer()


def extra_keys() -> dict:
    return {}


def set_up(call_type: str, *args, **kwargs):
    kwargs.pop("callbacks", None)
    kwargs["metadata"] = {"call_type": call_type}
    return object(), kwargs


def is_coroutine(func) -> bool:
    return hasattr(func, "__code__") and bool(func.__code__.co_flags & 0x80)


def client(original_function):
    def wrapper(*args, **kwargs):
        if "call_id" not in kwargs:
            kwargs["call_id"] = str(uuid.uuid4())
        log, kwargs = set_up(original_function.__name__, *args, **kwargs)
        kwargs["log"] = log
        try:
            return original_function(*args, **kwargs)
        except TimeoutError:
            kwargs["model"] = "fallback-model"
            return original_function(*args, **kwargs)

    async def wrapper_async(*args, **kwargs):
        kwargs.update(extra_keys())
        return await original_function(*args, **kwargs)

    if is_coroutine(original_function):
        return wrapper_async
    return wrapper


def retired_keys(options: dict) -> list[str]:
    return [key for key in options if key.startswith("legacy_")]


def mock_reply(reply: str, delay: float | None = None, jitter: float | None = None) -> str:
    if delay is not None:
        time.sleep(delay)  # expect: UJ001
    if jitter:
        time.sleep(0.01)  # ok: no call passes a jitter
    return reply


@tracer.wrap()
@client
def complete(model: str, **kwargs):
    for key in retired_keys(kwargs):
        kwargs.pop(key)
    call_id = kwargs.get("call_id")
    if call_id is not None:
        Path("/var/log/llm-calls").touch()  # expect: UJ001
    metadata = kwargs.get("metadata")
    if metadata is not None:
        Path("/var/log/llm-meta").touch()  # expect: UJ001
    reply = kwargs.get("mock_reply")
    delay = cast(float | None, kwargs.get("mock_delay", None))
    if reply is not None:
        kwargs.pop("mock_delay", None)
        return mock_reply(reply, delay=delay, jitter=kwargs.get("mock_jitter", None))
    time.sleep(1)  # ok: every call passes a mock reply
    return "provider reply"


@client
async def acomplete(model: str, **kwargs):
    reply = kwargs.get("mock_reply")
    if reply is not None:
        return reply
    time.sleep(1)  # expect: UJ001
    return "provider reply"


@checks.get("/llm")
async def check_llm():
    return complete(model="mock-model", mock_reply="pong", metadata=None)


@checks.get("/slow")
async def check_slow():
    return complete(model="mock-model", mock_reply="pong", mock_delay=0.5, metadata=None)


@checks.get("/allm")
async def check_allm():
    return await acomplete(model="mock-model", mock_reply="pong")
