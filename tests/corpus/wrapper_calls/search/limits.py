"""Rate limits and audit trails the search service's routes wear as decorators: each wrapper
runs on every request, around the endpoint, in the endpoint's own context."""

import functools
import inspect
import time

import redis

store = redis.Redis(host="localhost")


def throttle(kind: str):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            store.evalsha("token-bucket", 1, kind)
            return func(*args, **kwargs)

        return wrapper

    return decorator


def audited(func):
    @functools.wraps(func)
    async def wrapper(*args, **kwargs):
        store.lpush("audit", func.__name__)  # expect: UJ001
        return await func(*args, **kwargs)

    return wrapper


def counted(func):
    """A wrapper of the decorated function's own kind."""
    if inspect.iscoroutinefunction(func):

        @functools.wraps(func)
        async def async_wrapper(*args, **kwargs):
            store.incr(func.__name__)  # expect: UJ001
            return await func(*args, **kwargs)

        return async_wrapper

    @functools.wraps(func)
    def sync_wrapper(*args, **kwargs):
        store.incr(func.__name__)  # expect: UJ005
        return func(*args, **kwargs)

    return sync_wrapper


def registered(func):
    """Applied above the route decorator: FastAPI already holds the function itself."""

    @functools.wraps(func)
    async def wrapper(*args, **kwargs):
        store.incr("calls")  # ok: what the route serves is not this wrapper
        return await func(*args, **kwargs)

    return wrapper


def retried(func):
    """Retries a failed call after a pause: the pause runs only after a failure."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        for attempt in range(3):
            try:
                return func(*args, **kwargs)
            except ConnectionError:
                time.sleep(0.1 * 2**attempt)  # ok: beside the wrapped call's own block
        raise ConnectionError("gave up")

    return wrapper
