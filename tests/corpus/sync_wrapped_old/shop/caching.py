"""Response caches written for `def` functions: one hands back what the function returns
(for a coroutine function, its coroutine, unawaited), one picks a wrapper by kind."""

import asyncio
import functools

_answers: dict[str, object] = {}


def cached(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        key = f"{func.__name__}:{kwargs!r}"
        if key not in _answers:
            _answers[key] = func(*args, **kwargs)
        return _answers[key]

    return wrapper


def remembered(func):
    if asyncio.iscoroutinefunction(func):

        @functools.wraps(func)
        async def async_wrapper(*args, **kwargs):
            return await func(*args, **kwargs)

        return async_wrapper

    @functools.wraps(func)
    def sync_wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return sync_wrapper
