"""Work started as tasks through a helper that takes the work as a parameter: each caller's
work is an entry of its own, and work started only when the state lookup failed (an
`except` handler) is named only when nothing else reaches the blocking call."""

import asyncio
import os

from fastapi import APIRouter

router = APIRouter(prefix="/scans")
TASKS: set = set()
STATE: dict = {}


def start_task(tasks: set, *, work) -> None:
    task = asyncio.ensure_future(work())
    tasks.add(task)
    task.add_done_callback(tasks.discard)


async def scan_inputs() -> list[str]:
    return [entry.name for entry in os.scandir("inputs")]  # expect: UJ001


async def purge_outputs() -> None:
    for entry in os.scandir("outputs"):  # expect: UJ001
        os.remove(entry.path)  # expect: UJ001


async def state() -> dict:
    return STATE["pipeline"]


@router.post("/scan")
async def scan():
    async def _without_state():
        await scan_inputs()

    async def _scan():
        await scan_inputs()

    try:
        await state()
    except KeyError:
        start_task(TASKS, work=_without_state)
        return {"started": "without state"}
    start_task(TASKS, work=_scan)
    return {"started": True}


@router.post("/purge")
async def purge():
    async def _purge():
        await purge_outputs()

    start_task(TASKS, work=_purge)
    return {"started": True}
