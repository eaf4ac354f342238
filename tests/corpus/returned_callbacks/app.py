"""A nested `async def` handed to a library whose stream the function returns runs on the
loop while the route's response is read; one handed to a registration does not run here."""

import time

from assistant_stream import create_run
from fastapi import FastAPI
from fastapi.responses import StreamingResponse
from workers import Scheduler

app = FastAPI()
scheduler = Scheduler()


def stream_chat(text: str):
    async def run(controller) -> None:
        time.sleep(0.5)  # expect: UJ001
        controller.append_text(text)

    stream = create_run(run)
    return stream


def schedule_cleanup(folder: str) -> None:
    async def cleanup() -> None:
        time.sleep(0.5)  # ok: registered, run by the scheduler, not by this request

    scheduler.every(60, cleanup)


@app.post("/chat")
async def chat(text: str):
    stream = stream_chat(text)
    return StreamingResponse(stream)


@app.post("/cleanup")
async def plan_cleanup(folder: str):
    schedule_cleanup(folder)
    return {"scheduled": folder}
