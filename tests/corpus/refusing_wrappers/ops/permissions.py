"""A permission decorator whose wrapper finds the request and the session among the
keywords it is called with, and refuses the call when either is missing."""

from functools import wraps

from fastapi import Request


def require(permission: str):
    def decorator(func):
        @wraps(func)
        async def wrapper(*args, **kwargs):
            request = None
            session = None
            for arg in args:
                if isinstance(arg, Request):
                    request = arg
            if request is None:
                request = kwargs.get("request")
            if session is None:
                session = kwargs.get("session")
            if not request:
                raise ValueError("Request object not found in function arguments")
            if not session:
                raise ValueError("Database session not found in function arguments")
            return await func(*args, **kwargs)

        return wrapper

    return decorator
