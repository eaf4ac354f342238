"""Raw ASGI apps the load tests run under uvicorn on 127.0.0.1.

hello  — 200 with a fixed 11-byte body ("hello world"), Content-Length set.
echo   — 200, body is the request body's length as text; /status/NNN answers NNN.
chunked — 200 with a streamed (chunked) body of 3 parts, 15 bytes in all.
closing — 200 and `Connection: close` on every response (forces reconnects).
stall  — blocks the event loop for 1 s at ~0.8 s and every 2.5 s after (time.sleep in an
         async app: the bug unjam exists to find); otherwise a fast 200.
slow   — sleeps 2 s (asyncio) before answering; for Ctrl-C and timeout tests.
"""

import asyncio
import time

BODY = b"hello world"


async def _drain(receive):
    size = 0
    while True:
        message = await receive()
        size += len(message.get("body", b""))
        if not message.get("more_body"):
            return size


async def _respond(send, status=200, body=BODY, headers=()):
    head = [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": head + list(headers)})
    await send({"type": "http.response.body", "body": body})


async def hello(scope, receive, send):
    if scope["type"] != "http":
        return
    await _drain(receive)
    await _respond(send)


async def echo(scope, receive, send):
    if scope["type"] != "http":
        return
    size = await _drain(receive)
    path = scope["path"]
    if path.startswith("/status/"):
        await _respond(send, status=int(path.rsplit("/", 1)[1]), body=b"status")
        return
    await _respond(send, body=str(size).encode())


async def chunked(scope, receive, send):
    if scope["type"] != "http":
        return
    await _drain(receive)
    await send({"type": "http.response.start", "status": 200, "headers": []})
    for part in (b"part1", b"part2"):
        await send({"type": "http.response.body", "body": part, "more_body": True})
    await send({"type": "http.response.body", "body": b"part3"})


async def closing(scope, receive, send):
    if scope["type"] != "http":
        return
    await _drain(receive)
    await _respond(send, headers=[(b"connection", b"close")])


_STALL = {"next": None}


async def stall(scope, receive, send):
    if scope["type"] != "http":
        return
    await _drain(receive)
    now = time.monotonic()
    if _STALL["next"] is None:
        _STALL["next"] = now + 0.8
    elif now >= _STALL["next"]:
        _STALL["next"] = now + 2.5
        time.sleep(1.0)  # blocks the loop: every request behind this one waits
    await _respond(send)


async def slow(scope, receive, send):
    if scope["type"] != "http":
        return
    await _drain(receive)
    await asyncio.sleep(2.0)
    await _respond(send)


async def multi(scope, receive, send):
    """All of the above but `stall`, by path: one server for most engine tests."""
    path = scope.get("path", "/")
    if path.startswith(("/status/", "/echo")):
        await echo(scope, receive, send)
    elif path == "/chunked":
        await chunked(scope, receive, send)
    elif path == "/close":
        await closing(scope, receive, send)
    elif path == "/slow":
        await slow(scope, receive, send)
    else:
        await hello(scope, receive, send)
