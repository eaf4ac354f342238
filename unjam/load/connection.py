"""The HTTP connection protocol: one keep-alive HTTP/1.1 connection as an `asyncio.Protocol`.

Responses go through `httptools` (the C parser uvicorn uses) and a finished response
hands the connection back to its engine from inside the parser callback, so a request
costs no task, future or coroutine. At most one request is in flight (no pipelining).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

import httptools

if TYPE_CHECKING:
    from unjam.load.engine import Engine

now_ns = time.perf_counter_ns


class Connection(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection; at most one request in flight (no pipelining)."""

    __slots__ = (
        "__weakref__",
        "bytes_in",
        "engine",
        "head",
        "inflight",
        "intended",
        "parser",
        "sent",
        "status",
        "target",
        "transport",
    )

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.transport: asyncio.Transport | None = None
        self.parser = httptools.HttpResponseParser(self)
        self.inflight = False
        self.head = False
        self.target = 0
        self.intended = 0
        self.sent = 0
        self.status = 0
        self.bytes_in = 0

    # -- asyncio callbacks
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError as err:
            self.engine.failed(self, f"malformed HTTP response: {err}")

    def connection_lost(self, exc: Exception | None) -> None:
        self.engine.lost(self, exc)

    # -- httptools callbacks
    def on_headers_complete(self) -> None:
        self.status = self.parser.get_status_code()
        if self.head:
            self.on_message_complete()

    def on_body(self, body: bytes) -> None:
        self.bytes_in += len(body)

    def on_message_complete(self) -> None:
        if not self.inflight:
            return
        done = now_ns()
        keep = self.parser.should_keep_alive() and not self.head
        if self.head:
            self.parser = httptools.HttpResponseParser(self)
        self.engine.completed(self, done, keep)

    # -- driving
    def send(self, target: int, intended: int = 0) -> None:
        """Write request `target`; `intended` 0 means "now" (closed model)."""
        self.target = target
        self.status = 0
        self.bytes_in = 0
        self.inflight = True
        engine = self.engine
        self.head = engine.wire.head[target]
        self.sent = sent = now_ns()
        if intended:
            if sent - intended > engine.late_ns:
                engine.stats.late += 1
        else:
            intended = sent
        self.intended = intended
        self.transport.write(engine.wire.requests[target])  # type: ignore[union-attr]


def error_text(exc: BaseException, connect: bool = False) -> str:
    """Go-like texts: 'connect: connection refused', 'read: connection reset by peer'."""
    if isinstance(exc, ConnectionRefusedError):
        return "connect: connection refused"
    if isinstance(exc, ConnectionResetError):
        return "read: connection reset by peer"
    if isinstance(exc, TimeoutError):
        return "i/o timeout"
    if isinstance(exc, OSError) and exc.strerror:
        prefix = "connect: " if connect else ""
        return prefix + exc.strerror.lower()
    return str(exc) or type(exc).__name__
