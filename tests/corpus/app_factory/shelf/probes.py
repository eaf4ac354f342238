"""Routes built as objects and handed to the app as `routes=[...]`."""

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket


async def load_health(request: Request) -> JSONResponse:
    with open("/var/shelf/load.txt") as fh:  # expect: UJ001
        return JSONResponse({"load": fh.read().split()[0]})


async def echo(websocket: WebSocket) -> None:
    await websocket.accept()
    with open("/var/shelf/motd.txt") as fh:  # expect: UJ001
        await websocket.send_text(fh.read())


PROBES = [Route("/health/load", load_health), WebSocketRoute("/ws/echo", echo)]
