"""Work started by a helper whose task is a closure: the closure first commits, then calls
the work the helper was given. What the task runs is what each caller passes, and work
passed only when the state lookup failed (an `except` handler) is named only when nothing
else reaches the blocking call."""

import asyncio
import os

from fastapi import APIRouter

router = APIRouter(prefix="/index")
TASKS: set = set()
STATE: dict = {}


async def start_committed(tasks: set, *, commit, work) -> asyncio.Task:
    started = asyncio.Event()

    async def _child():
        await commit()
        started.set()
        await work()

    task = asyncio.ensure_future(_child())
    tasks.add(task)
    await started.wait()
    return task


async def publish() -> None:
    STATE["published"] = True


async def list_sources() -> list[str]:
    return [entry.name for entry in os.scandir("sources")]  # expect: UJ001


def shadowed(work) -> None:
    def work():  # a closure with a name of its own: not the parameter's
        return None

    work()


@router.post("/rebuild")
async def rebuild():
    async def _without_state():
        await list_sources()

    async def _rebuild():
        await list_sources()

    try:
        STATE["pipeline"]
    except KeyError:
        await start_committed(TASKS, commit=publish, work=_without_state)
        return {"started": "without state"}
    await start_committed(TASKS, commit=publish, work=_rebuild)
    shadowed(None)
    return {"started": True}
