"""Event publishing with a sync fallback for callers that have no loop: every caller in the
app starts the coroutine as a task and asks for the async path, so the fallback never runs;
the archive is written to disk by one of its two callers."""

import json

import httpx
import requests

BROKER = "http://broker.internal/events"
client = httpx.AsyncClient()


def publish_now(event: dict) -> None:
    requests.post(BROKER, json=event, timeout=5)  # ok: only the fallback calls it


async def publish(event: dict, prefer_async: bool = False) -> None:
    if not prefer_async:
        publish_now(event)
        return
    await client.post(BROKER, json=event)


async def archive(event: dict, to_disk: bool = False) -> None:
    if to_disk:
        with open("/var/lib/events/archive.jsonl", "a") as out:  # expect: UJ001
            out.write(json.dumps(event) + "\n")
    else:
        await client.post(f"{BROKER}/archive", json=event)
