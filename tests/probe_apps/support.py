"""Helpers for the probe's tests: a tiny HTTP load driver and snapshot access.

The driver speaks just enough HTTP/1.1 (keep-alive GETs, Content-Length bodies) to saturate
a local server from one asyncio loop without pulling in the load generator being built
elsewhere; bounded by request count and time.
"""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from collections.abc import Callable
from typing import Any


def marked_lines(path: str, names: tuple[str, ...]) -> dict[str, int]:
    """The line of each `# BLOCK-NAME` marker in the app at `path`: where the tests expect
    the probe to locate a stall, kept right when the app is edited."""
    markers = {f"# BLOCK-{name.upper()}": name for name in names}
    found: dict[str, int] = {}
    with open(path, encoding="utf-8") as handle:
        for number, text in enumerate(handle, 1):
            for marker, name in markers.items():
                if text.rstrip().endswith(marker):
                    found.setdefault(name, number)
    missing = set(names) - set(found)
    if missing:
        raise LookupError(f"no BLOCK marker for {sorted(missing)} in {path}")
    return found


async def exchange(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str) -> int:
    """One keep-alive GET and its response (read to the end of its Content-Length body);
    the status code. Also drives benchmarks/probe_soak.py."""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    if length:
        await reader.readexactly(length)
    return int(head.split(b" ", 2)[1])


async def _connection(host: str, port: int, path: str, deadline: float, limit: list[int]) -> int:
    reader, writer = await asyncio.open_connection(host, port)
    done = 0
    try:
        while time.monotonic() < deadline and limit[0] > 0:
            limit[0] -= 1
            await exchange(reader, writer, path)
            done += 1
    finally:
        writer.close()
    return done


async def hammer(
    port: int, path: str, *, connections: int, seconds: float, max_requests: int = 100_000
) -> int:
    """Keep `connections` keep-alive connections busy on `path`; return responses read."""
    deadline = time.monotonic() + seconds
    limit = [max_requests]
    results = await asyncio.gather(
        *(_connection("127.0.0.1", port, path, deadline, limit) for _ in range(connections))
    )
    return sum(results)


async def concurrent_gets(port: int, paths: list[str]) -> list[int]:
    """One connection per path, all at once; the status codes."""

    async def one(path: str) -> int:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        data = await reader.read()
        writer.close()
        return int(data.split(b" ", 2)[1])

    return list(await asyncio.gather(*(one(p) for p in paths)))


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def post(url: str, headers: dict[str, str] | None = None) -> int:
    request = urllib.request.Request(url, method="POST", data=b"", headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


def snapshot(diag_port: int) -> dict[str, Any]:
    status, body = get(f"http://127.0.0.1:{diag_port}/snapshot")
    assert status == 200, body
    return json.loads(body)


def wait_until(condition: Callable[[], Any], timeout: float, what: str) -> Any:
    """Poll `condition` until it returns something true (returned), failing after `timeout`
    seconds with what was awaited: the tests wait on conditions, never on fixed sleeps."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def wait_for_stalls(diag_port: int, count: int, timeout: float = 3.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        snap = snapshot(diag_port)
        if len(snap["stalls"]) >= count or time.monotonic() > deadline:
            return snap
        time.sleep(0.05)
