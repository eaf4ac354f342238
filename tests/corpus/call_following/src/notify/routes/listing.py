import asyncio
import time

from fastapi import APIRouter
from fastapi.responses import StreamingResponse

from notify.caches import DiskCache, pick_cache, reset
from notify.templates import asset_dirs, layout_names, partial_files, template_files

router = APIRouter(prefix="/templates")


@router.get("/")
async def list_templates():
    names = template_files()  # expect: UJ001
    return [p.stem for p in names]


@router.get("/partials")
async def list_partials():
    return {"partials": sorted(partial_files())}  # expect: UJ001


@router.get("/count")
async def count_templates():
    return {"n": sum(1 for _ in template_files())}  # expect: UJ001


@router.get("/first")
async def first_template():
    files = template_files()  # ok: handed to a thread, where it is iterated
    return await asyncio.to_thread(list, files)


@router.get("/layouts")
async def layouts():
    return {"layouts": layout_names(), "assets": asset_dirs()}


async def scan_archive(name: str):
    time.sleep(0.5)  # ok: only reached by a coroutine returned un-awaited, which never runs
    return name


async def scan_backup(name: str):
    time.sleep(0.5)  # expect: UJ001
    return name


def backup_scan(name: str):
    return scan_backup(name)  # a coroutine factory: its caller awaits what it returns


@router.get("/archive/{name}")
async def archive(name: str):
    return scan_archive(name)  # a missing await: FastAPI gets the coroutine object


@router.get("/backup/{name}")
async def backup(name: str):
    return await backup_scan(name)


@router.post("/cache")
async def cache_stats():
    return {"kind": type(pick_cache()).__name__}


@router.delete("/cache")
async def clear_cache():
    reset(DiskCache())


def read_parts(names: list[str]):
    for name in names:
        with open(name) as fh:  # ok: iterated in a worker thread, through `frames`
            yield fh.read()


def frames(parts):
    for part in parts:
        yield part.encode()


@router.get("/bundle")
async def bundle():
    parts = read_parts(["header.html", "footer.html"])
    return StreamingResponse(frames(parts))


def sunset(date: str):
    """Marks a route deprecated: its wrapper is a coroutine function too."""

    def decorator(func):
        async def wrapper(*args, **kwargs):
            return await func(*args, **kwargs)

        return wrapper

    return decorator


def timed(func):
    """Runs the coroutine to its end in a fresh loop: calling the result runs the body."""

    def wrapper(*args, **kwargs):
        return asyncio.run(func(*args, **kwargs))

    return wrapper


@sunset("2026-01-01")
async def legacy_manifest(name: str):
    time.sleep(0.5)  # ok: only reached by a coroutine returned un-awaited, which never runs
    return name


@timed
async def timed_manifest(name: str):
    time.sleep(0.5)  # expect: UJ001
    return name


@router.get("/manifest/{name}")
async def manifest(name: str):
    return legacy_manifest(name)  # a missing await, through the deprecation wrapper


@router.get("/manifest/{name}/timed")
async def manifest_timed(name: str):
    return timed_manifest(name)  # the sync wrapper runs it here, on the loop
