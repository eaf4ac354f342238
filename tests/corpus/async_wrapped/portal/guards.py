"""Decorators the portal's routes use: two wrap what they decorate in an `async def` that
calls it in place, so a `def` endpoint or dependency they wrap runs on the event loop; one
hands it to the thread pool; one is a plain `def` wrapper."""

import inspect
from functools import wraps

from starlette.concurrency import run_in_threadpool


def role_checker(*roles: str):
    def decorator(func):
        @wraps(func)
        async def wrapper(*args, **kwargs):
            if "admin" not in roles:
                raise PermissionError("forbidden")
            return func(*args, **kwargs)

        return wrapper

    return decorator


def audited(func):
    @wraps(func)
    async def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


def offloaded(func):
    @wraps(func)
    async def wrapper(*args, **kwargs):
        return await run_in_threadpool(func, *args, **kwargs)

    return wrapper


def timed(func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


def permitted(permission: str):
    """A wrapper of the decorated function's own kind: `def` endpoints keep running in the
    thread pool."""

    def decorator(func):
        @wraps(func)
        async def async_wrapper(*args, **kwargs):
            if inspect.iscoroutinefunction(func):
                return await func(*args, **kwargs)
            return func(*args, **kwargs)

        @wraps(func)
        def sync_wrapper(*args, **kwargs):
            return func(*args, **kwargs)

        if inspect.iscoroutinefunction(func):
            return async_wrapper
        return sync_wrapper

    return decorator
