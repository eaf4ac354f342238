"""A service annotated with its abstract base and built as the concrete class: the bodies
that run are the concrete class's, whose signup blocks on the network."""

from abc import ABC, abstractmethod

import requests
from fastapi import FastAPI


class IAuth(ABC):
    @abstractmethod
    def signup(self, name: str) -> dict: ...


class Auth(IAuth):
    def signup(self, name: str) -> dict:
        return requests.post("http://127.0.0.1:9/signup", json={"n": name}, timeout=5).json()  # expect: UJ001


svc: IAuth = Auth()
app = FastAPI()


@app.post("/auth/register")
async def register(name: str):
    local: IAuth = Auth()
    local.signup(name)
    return svc.signup(name)
