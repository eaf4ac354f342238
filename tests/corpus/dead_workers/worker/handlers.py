"""A FastStream worker, no web app: its subscribers are entries, so is what `main` runs; a
coroutine left behind after a rewrite, which no code names, is dead code, and so is a closure
only such a function would make."""

import asyncio
import time
from asyncio import Protocol

import requests
from faststream import FastStream
from faststream.rabbit import RabbitBroker

broker = RabbitBroker("amqp://guest:guest@rabbit/")
app = FastStream(broker)


@broker.subscriber("orders")
async def on_order(order: dict) -> None:
    requests.post("http://billing.internal/charge", json=order)  # expect: UJ001


async def rebuild_index() -> None:  # (nothing calls, imports or registers it)
    requests.get("http://search.internal/rebuild")  # ok: dead code


async def warm_up() -> None:
    time.sleep(1)  # ok: before the worker serves, in its main


def retrying(attempts: int):  # (nothing calls it: no handler below is ever made)
    async def handler(order: dict) -> None:
        time.sleep(attempts)  # ok: dead code too

    return handler


def logging_to(path: str):  # (called below: its handler is made and awaited)
    async def handler(order: dict) -> None:
        open(path, "a").write(str(order))  # expect: UJ001

    return handler


@broker.subscriber("refunds")
async def on_refund(order: dict) -> None:
    await logging_to("refunds.log")(order)


class Reports:
    async def on_tick(self) -> None:  # (a hook a library may call by name)
        time.sleep(2)  # expect: UJ001
        await self._flush()

    async def _rotate(self) -> None:  # (private, of a class with no library base: unnamed)
        time.sleep(3)  # ok: dead code

    async def _flush(self) -> None:  # (private, but `on_tick` calls it)
        time.sleep(4)  # expect: UJ001


class Mailbox(Protocol):
    async def _on_message(self, body: bytes) -> None:  # (a library base may call it)
        time.sleep(5)  # expect: UJ001


async def main() -> None:
    await warm_up()
    await app.run()


if __name__ == "__main__":
    asyncio.run(main())
