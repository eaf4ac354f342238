"""A TCP proxy that adds network latency — `python -m unjam.lab.downstreams.latency_proxy`.

Local moto answers in a couple of milliseconds; the seeds' SQS was a network away. The
blocking call in seed 000's handler hurts in proportion to that distance, so the lab puts
this proxy between the app and the queue: every chunk of bytes is held for half the
configured round trip in each direction (order preserved, nothing dropped), and a new
connection costs one extra round trip, as a TCP handshake does. It works below HTTP, so
keep-alive, pipelining and boto3's connection pool behave exactly as over a real network.

Written by hand because the tools that do this (toxiproxy, `tc netem`) are a Go binary and a
root-only kernel qdisc; the lab must run from a fresh clone as an ordinary user.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import time


async def _pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay: float) -> None:
    """Copy reader → writer, each chunk leaving `delay` seconds after it arrived."""
    queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

    async def read() -> None:
        while chunk := await reader.read(65536):
            queue.put_nowait((time.monotonic() + delay, chunk))
        queue.put_nowait((time.monotonic() + delay, b""))

    async def write() -> None:
        while True:
            due, chunk = await queue.get()
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            if not chunk:
                with contextlib.suppress(OSError):
                    if writer.can_write_eof():
                        writer.write_eof()
                return
            writer.write(chunk)
            await writer.drain()

    reading = asyncio.ensure_future(read())
    try:
        await write()
    finally:
        reading.cancel()


async def serve(port: int, upstream: tuple[str, int], rtt_ms: float, host: str) -> None:
    one_way = rtt_ms / 2000.0

    async def handle(c_reader: asyncio.StreamReader, c_writer: asyncio.StreamWriter) -> None:
        try:
            u_reader, u_writer = await asyncio.open_connection(*upstream)
        except OSError:
            c_writer.close()
            return
        try:
            if rtt_ms > 0:
                await asyncio.sleep(2 * one_way)  # the handshake's round trip
            await asyncio.gather(
                _pump(c_reader, u_writer, one_way),
                _pump(u_reader, c_writer, one_way),
                return_exceptions=True,
            )
        finally:
            for writer in (u_writer, c_writer):
                with contextlib.suppress(Exception):
                    writer.close()

    server = await asyncio.start_server(handle, host, port, backlog=2048)
    async with server:
        await server.serve_forever()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--upstream", required=True, help="HOST:PORT to forward to")
    parser.add_argument("--rtt-ms", type=float, default=20.0, help="added round trip per request")
    args = parser.parse_args(argv)
    up_host, _, up_port = args.upstream.rpartition(":")
    try:
        import uvloop

        runner = uvloop.run
    except ImportError:  # pragma: no cover - uvloop is a dependency on Linux
        runner = asyncio.run
    with contextlib.suppress(KeyboardInterrupt):
        runner(serve(args.port, (up_host, int(up_port)), args.rtt_ms, args.host))


if __name__ == "__main__":
    main()
