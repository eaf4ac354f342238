"""A FastAPI app that exercises every probe code path a request runs through, and a control
route that breaks one of them on demand (in this process, on the loop thread).

`POST /_fault?point=module:attribute` replaces that attribute of the probe (a function, a
method, a class) with one that raises; `POST /_fault` puts everything back; `mode=untimed`
or `timed` sets whether requests are timed for their phases (the middleware's two paths).
"""

import asyncio
import importlib

from fastapi import BackgroundTasks, Depends, FastAPI
from fastapi.responses import StreamingResponse

from unjam.probe.core import get_probe

app = FastAPI()
_saved: list[tuple[object, str, object]] = []


class InjectedFault(Exception):
    pass


def _broken(*args, **kwargs):
    raise InjectedFault("injected by the test")


class _BrokenContextVar:
    def get(self, *args):
        raise InjectedFault("injected by the test")

    set = reset = get


def _target(point: str) -> tuple[object, str]:
    module_name, _, attribute = point.partition(":")
    owner: object = importlib.import_module(module_name)
    *path, name = attribute.split(".")
    for part in path:
        owner = getattr(owner, part)
    return owner, name


@app.post("/_fault")
async def fault(point: str = "", mode: str = ""):
    while _saved:
        owner, name, original = _saved.pop()
        setattr(owner, name, original)
    if mode:
        get_probe().settings.phase_sample_ms = 0.0 if mode == "timed" else 3_600_000.0
        get_probe().sample_due = mode == "timed"
    if point:
        owner, name = _target(point)
        original = getattr(owner, name)
        _saved.append((owner, name, original))
        broken = _BrokenContextVar() if name == "CURRENT_REQUEST" else _broken
        setattr(owner, name, broken)
    return {"errors": get_probe().errors}


async def async_dependency() -> int:
    await asyncio.sleep(0)
    return 1


def sync_dependency(first: int = Depends(async_dependency)) -> int:
    return first + 1


@app.get("/async")
async def async_endpoint(value: int = Depends(sync_dependency)):
    return {"value": value}


@app.get("/sync/{item}")
def sync_endpoint(item: int):
    return {"item": item}


def _note(log: list) -> None:
    log.append(1)


@app.get("/background")
async def background(tasks: BackgroundTasks):
    tasks.add_task(_note, [])
    return {"background": True}


@app.get("/stream")
async def stream():
    async def chunks():
        for number in range(3):
            yield f"{number}\n"

    return StreamingResponse(chunks(), media_type="text/plain")


EXPECTED = {
    "/async": b'{"value":2}',
    "/sync/7": b'{"item":7}',
    "/background": b'{"background":true}',
    "/stream": b"0\n1\n2\n",
}
