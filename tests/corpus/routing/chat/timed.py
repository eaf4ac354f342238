"""Route objects of a project subclass of APIRoute (FastAPI's "custom APIRoute class" recipe,
as model servers write it): their endpoints are served like decorated ones."""

import subprocess
import time
from collections.abc import Callable

from fastapi import Request, Response
from fastapi.routing import APIRoute as BaseRoute


class APIRoute(BaseRoute):
    def get_route_handler(self) -> Callable:
        handler = super().get_route_handler()

        async def timed_handler(request: Request) -> Response:
            started = time.perf_counter()  # ok: a clock read, no I/O
            response = await handler(request)
            response.headers["x-elapsed"] = f"{time.perf_counter() - started:.3f}"
            return response

        return timed_handler


class TimedRoute(APIRoute):
    """A subclass of the subclass: found through its bases too."""


class AuditedRoute(TimedRoute):
    """One more level, under a name unlike any route class's."""


class Endpoints:
    async def uptime(self) -> dict:
        out = subprocess.run(["uptime"], capture_output=True)  # expect: UJ001
        return {"uptime": out.stdout.decode()}

    async def ready(self) -> dict:
        time.sleep(0.05)  # expect: UJ001
        return {"ready": True}

    async def audit(self) -> dict:
        time.sleep(0.05)  # expect: UJ001
        return {"audited": True}


def timed_routes() -> list[BaseRoute]:
    endpoints = Endpoints()
    return [
        APIRoute("/timed/uptime", endpoints.uptime),
        TimedRoute("/timed/ready", endpoints.ready),
        AuditedRoute("/timed/audit", endpoints.audit),
    ]
