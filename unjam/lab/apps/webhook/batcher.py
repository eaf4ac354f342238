"""Coalesce concurrent sends into SQS `SendMessageBatch` calls (10 per call), on the loop.

Each caller awaits its own message's result, so a 200 still means "this message is on the
queue" — batching changes the number of round trips, not the guarantee. A batch leaves when
it holds 10 messages or its first message has waited `linger_ms`; up to `max_in_flight`
batches travel at once, so one slow round trip does not stall the rest.
"""

from __future__ import annotations

import asyncio
import contextlib

MAX_BATCH = 10  # SQS's limit per SendMessageBatch


class SendFailed(Exception):
    """SQS refused the message (its batch entry came back under Failed)."""


class SqsBatcher:
    def __init__(self, client, queue_url: str, linger_ms: float = 20.0, max_in_flight: int = 32):
        self.client, self.queue_url = client, queue_url
        self.linger = linger_ms / 1000.0
        self.pending: asyncio.Queue[tuple[str, asyncio.Future]] = asyncio.Queue()
        self.in_flight = asyncio.Semaphore(max_in_flight)
        self.tasks: set[asyncio.Task] = set()
        self.runner: asyncio.Task | None = None

    def start(self) -> None:
        self.runner = asyncio.create_task(self._collect())

    async def close(self) -> None:
        if self.runner is not None:
            self.runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.runner
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)

    async def send(self, body: str) -> str:
        """Put `body` on the queue; returns its MessageId once SQS has accepted it."""
        future = asyncio.get_running_loop().create_future()
        self.pending.put_nowait((body, future))
        return await future

    async def _collect(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            batch = [await self.pending.get()]
            deadline = loop.time() + self.linger
            while len(batch) < MAX_BATCH:
                remaining = deadline - loop.time()
                if remaining <= 0:
                    break
                try:
                    batch.append(await asyncio.wait_for(self.pending.get(), remaining))
                except TimeoutError:
                    break
            await self.in_flight.acquire()
            task = asyncio.create_task(self._send(batch))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _send(self, batch: list[tuple[str, asyncio.Future]]) -> None:
        try:
            response = await self.client.send_message_batch(
                QueueUrl=self.queue_url,
                Entries=[{"Id": str(i), "MessageBody": body} for i, (body, _) in enumerate(batch)],
            )
        except Exception as err:
            for _, future in batch:
                if not future.done():
                    future.set_exception(err)
            return
        finally:
            self.in_flight.release()
        for ok in response.get("Successful", []):
            future = batch[int(ok["Id"])][1]
            if not future.done():
                future.set_result(ok["MessageId"])
        for failed in response.get("Failed", []):
            future = batch[int(failed["Id"])][1]
            if not future.done():
                future.set_exception(SendFailed(failed.get("Message", failed.get("Code", ""))))
