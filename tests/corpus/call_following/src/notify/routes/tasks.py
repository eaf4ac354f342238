"""Work handed to an executor, with a done-callback that logs its error: the callback runs
once the future has finished, so reading its result there waits for nothing; waiting on the
future in the route does."""

import logging
from concurrent.futures import Future, ThreadPoolExecutor

from fastapi import APIRouter

router = APIRouter(prefix="/tasks")
pool = ThreadPoolExecutor(max_workers=4)
running: set[Future] = set()


def render(name: str) -> str:
    return name.upper()


def forget(key: str, future: Future) -> None:
    running.discard(future)
    error = future.exception()  # ok: the future is done when its callback runs
    if error is not None:
        logging.error("task %s failed: %s", key, error)


@router.post("/{name}")
async def start_render(name: str):
    future = pool.submit(render, name)
    running.add(future)
    future.add_done_callback(lambda done: forget(name, done))
    return {"started": name}


@router.post("/{name}/wait")
async def render_now(name: str):
    return {"done": pool.submit(render, name).result()}  # expect: UJ001
