import logging
import socket
import subprocess
import time

from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

log = logging.getLogger(__name__)


class TimingMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint):
        started = time.perf_counter()  # ok: perf_counter does not block
        response = await call_next(request)
        log.info("took %.1f ms", (time.perf_counter() - started) * 1000)
        return response


class HostnameMiddleware(BaseHTTPMiddleware):  # expect: UJ004
    async def dispatch(self, request, call_next):
        request.state.peer = socket.gethostbyaddr(request.client.host)  # expect: UJ001
        return await call_next(request)


class GitRevisionMiddleware:
    """Pure ASGI middleware: no UJ004, but its __call__ runs on the loop."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.revision = subprocess.check_output(["git", "rev-parse", "HEAD"])  # ok: built once at start-up

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] == "/revision":
            scope["revision"] = subprocess.check_output(["git", "describe"])  # expect: UJ001
        await self.app(scope, receive, send)


class RateLimitMiddleware(BaseHTTPMiddleware):  # ok: defined and exported, but no app adds it
    """Only the package's `__all__` names it: it serves no request, so neither its base
    class's cost nor its dispatch's blocking call is the app's."""

    async def dispatch(self, request, call_next):
        time.sleep(0.01)  # ok: never registered
        return await call_next(request)


class MetricsMiddleware(BaseHTTPMiddleware):  # ok: only a set-up nothing calls adds it
    """Added by `tracing.setup_metrics`, whose one call the app has commented out."""

    async def dispatch(self, request, call_next):
        socket.gethostbyname("statsd")  # ok: never registered
        return await call_next(request)
