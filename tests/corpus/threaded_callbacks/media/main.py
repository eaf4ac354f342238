"""Callbacks a route passes down: one reaches a worker thread through two helpers (a
closure handed to `run_session`, which hands it to `asyncio.to_thread`); the other is
called by a closure the helper calls on the loop."""

from pathlib import Path

from fastapi import FastAPI

from media.db import run_session

app = FastAPI()


async def lookup(download_id: int, callback):
    def _call(session):
        return callback(session, download_id)

    return await run_session(_call)


async def lookup_here(download_id: int, callback):
    def _call(session):
        return callback(session, download_id)

    return _call(None)


def artwork_path(download_id: int) -> Path:
    return Path(f"/srv/artwork/{download_id}.jpg")


@app.get("/downloads/{download_id}/artwork")
async def artwork(download_id: int) -> bool:
    return await lookup(download_id, lambda s, d: artwork_path(d).exists())  # ok: a thread


@app.get("/downloads/{download_id}/cover")
async def cover(download_id: int) -> bool:
    return await lookup_here(download_id, lambda s, d: artwork_path(d).exists())  # expect: UJ001


@app.get("/storage/free")
async def storage_free(path: str = "/srv") -> dict:
    from media.executors import free_here, free_space

    return {"pool": await free_space(path), "here": await free_here(path)}
