# `request` in the signature, and a limit set on a function another decorator wraps first
# (whose signature unjam does not read): the app starts
import functools
import time

from fastapi import FastAPI, Request
from slowapi import Limiter
from slowapi.util import get_remote_address

limiter = Limiter(key_func=get_remote_address)
app = FastAPI()
app.state.limiter = limiter


def traced(func):
    @functools.wraps(func)
    async def wrapper(*args, **kwargs):
        return await func(*args, **kwargs)

    return wrapper


@app.get("/ping")
@limiter.limit("10/minute")
async def ping(request: Request):
    time.sleep(1)  # expect: UJ001
    return {}


@app.get("/pong")
@limiter.limit("10/minute")
@traced
async def pong(request: Request):
    return {}
