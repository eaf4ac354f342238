"""A function some other code binds with `functools.partial` under another name (handed to
an executor): a call by its own name still shows every argument it gets, so its defaults
decide its tests there."""

import asyncio
import functools
import smtplib

from fastapi import FastAPI

app = FastAPI()


def deliver(host: str, use_ssl: bool = True) -> None:
    if use_ssl:
        client = smtplib.SMTP_SSL(host, 465)  # expect: UJ001
    else:
        client = smtplib.SMTP(host, 587)  # ok: the route's call leaves use_ssl at True
    client.quit()  # expect: UJ001


@app.post("/send")
async def send() -> dict:
    deliver("smtp.example")
    return {}


@app.post("/send-later")
async def send_later() -> dict:
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, functools.partial(deliver, "smtp.example", use_ssl=False))
    return {}
