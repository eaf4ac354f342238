"""A balancer whose class the caller may swap (`balancer_type: Type[Balancer] = Balancer`):
what `balancer_type(...)` builds is a `Balancer`, and its methods are what the route runs."""

from typing import Type

import requests
from fastapi import APIRouter, FastAPI


class Balancer:
    def __init__(self, hosts: list[str]) -> None:
        self.hosts = hosts

    def least_loaded(self) -> str:
        loads = [requests.get(f"{host}/load").json() for host in self.hosts]  # expect: UJ001
        return self.hosts[loads.index(min(loads))]


def serve(app: FastAPI, hosts: list[str], balancer_type: Type[Balancer] = Balancer) -> None:
    balancer = balancer_type(hosts)
    routes = APIRouter()

    @routes.get("/pick")
    async def pick():
        return {"host": balancer.least_loaded()}

    app.include_router(routes)


gateway = FastAPI()
serve(gateway, ["http://127.0.0.1:9001", "http://127.0.0.1:9002"])
