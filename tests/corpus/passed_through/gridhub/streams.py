"""Sync generators: calling one runs nothing, its body runs where it is iterated."""

import asyncio

from fastapi.responses import StreamingResponse


def stream_file(path: str):
    with open(path, "rb") as f:  # ok
        yield from f


def tail_file(path: str):
    with open(path, "rb") as f:  # ok
        yield from f


def count_lines(path: str):
    with open(path) as f:  # expect: UJ001
        yield from f


def scan_file(path: str):
    with open(path) as f:  # expect: UJ001
        yield from f


def peek_file(path: str):
    with open(path) as f:  # expect: UJ001
        yield from f


async def download(path: str):
    body = stream_file(path)
    return StreamingResponse(body, media_type="application/octet-stream")


async def first_chunk(path: str):
    chunks = tail_file(path)
    try:
        return await asyncio.to_thread(next, chunks, None)
    finally:
        chunks.close()


async def line_count(path: str):
    return sum(1 for _ in count_lines(path))


async def scan(path: str):
    lines = scan_file(path)
    found = 0
    for line in lines:
        found += "ERROR" in line
    return found


async def peek(path: str):
    lines = peek_file(path)

    def first():
        return next(lines, None)

    return first()


def relay_chunks(path: str):
    with open(path, "rb") as f:  # ok
        yield from f


async def open_relay(path: str):
    return relay_chunks(path)  # (a generator object: its caller decides where it runs)


async def relay(path: str):
    chunks = await open_relay(path)
    return StreamingResponse(chunks, media_type="application/octet-stream")


def echo_chunks(path: str):
    with open(path, "rb") as f:  # expect: UJ001
        yield from f


async def echo(path: str, stream: bool):
    if stream:
        return echo_chunks(path)
    for _chunk in echo_chunks(path):
        pass
    return None
