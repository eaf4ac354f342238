"""slowapi finds the request by the parameter's name; a body model or a query parameter
named `request` is handed to its wrapper, which raises before the endpoint's body runs."""

import time

from fastapi import FastAPI, Request
from pydantic import BaseModel
from slowapi import Limiter
from slowapi.util import get_remote_address

limiter = Limiter(key_func=get_remote_address)
app = FastAPI()
app.state.limiter = limiter


class LoginIn(BaseModel):
    phone: str
    password: str


@app.post("/login")
@limiter.limit("5/minute")
async def login(request: LoginIn):
    time.sleep(0.2)  # ok: slowapi raises first, `request` is the body model
    return {"phone": request.phone}


@app.get("/search")
@limiter.limit("30/minute")
async def search(request, q: str = ""):
    time.sleep(0.2)  # ok: `request` is a query parameter, a string slowapi refuses
    return {"q": q}


@app.post("/logout")
@limiter.limit("5/minute")
async def logout(request: Request):
    time.sleep(0.2)  # expect: UJ001
    return {}
