"""Seed 001's architecture behind the queue: drain SQS into a rate-limited downstream.

`python -m unjam.lab.consumer --sqs URL --queue NAME --sink URL [--workers N]` runs until
SIGTERM/SIGINT, then finishes the messages it holds and prints its counters as JSON.

At-least-once, done properly: a message is deleted only after the downstream accepted it;
a 429 (or a 5xx, or a refused connection) is retried with exponential backoff and full
jitter, capped by the downstream's Retry-After; while a message is still being retried its
visibility timeout is extended (ChangeMessageVisibility) so SQS does not hand it to another
worker. A duplicate can still happen — if a delete is lost — and the sink counts it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import sys
import time
from collections import Counter

VISIBILITY_S = 30
BACKOFF_BASE_S = 0.05
BACKOFF_CAP_S = 1.0


class Consumer:
    def __init__(self, sqs, queue_url: str, sink_url: str, http) -> None:
        self.sqs, self.queue_url, self.sink_url, self.http = sqs, queue_url, sink_url, http
        self.stopping = asyncio.Event()
        self.counts: Counter[str] = Counter()

    async def run(self, workers: int) -> None:
        await asyncio.gather(*(self.worker() for _ in range(workers)))

    async def worker(self) -> None:
        while not self.stopping.is_set():
            try:
                response = await self.sqs.receive_message(
                    QueueUrl=self.queue_url,
                    MaxNumberOfMessages=10,
                    WaitTimeSeconds=1,
                    VisibilityTimeout=VISIBILITY_S,
                    MessageSystemAttributeNames=["ApproximateReceiveCount"],
                )
            except Exception:
                self.counts["receive_errors"] += 1
                await asyncio.sleep(0.2)
                continue
            messages = response.get("Messages", [])
            if not messages:
                continue
            self.counts["received"] += len(messages)
            self.counts["redelivered"] += sum(
                int(m.get("Attributes", {}).get("ApproximateReceiveCount", "1")) > 1
                for m in messages
            )
            done = await asyncio.gather(*(self.deliver(m) for m in messages))
            entries = [
                {"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]}
                for i, (m, ok) in enumerate(zip(messages, done, strict=True))
                if ok
            ]
            if entries:
                await self.delete(entries)

    async def deliver(self, message: dict) -> bool:
        """POST the message until the sink takes it; True once delivered."""
        received_at = time.monotonic()
        extended_at = received_at
        attempt = 0
        while True:
            retry_after = BACKOFF_CAP_S
            try:
                async with self.http.post(
                    self.sink_url,
                    data=message["Body"].encode(),
                    headers={
                        "x-message-id": message["MessageId"],
                        "content-type": "application/json",
                    },
                ) as resp:
                    await resp.read()
                    status = resp.status
                    with contextlib.suppress(ValueError, TypeError):
                        retry_after = float(resp.headers.get("retry-after", BACKOFF_CAP_S))
            except Exception:
                status = 0
            if 200 <= status < 300:
                self.counts["delivered"] += 1
                return True
            self.counts["retries_429" if status == 429 else "retries_other"] += 1
            attempt += 1
            if self.stopping.is_set() and attempt >= 20:
                return False  # left on the queue: SQS redelivers it after the timeout
            cap = min(BACKOFF_CAP_S, retry_after, BACKOFF_BASE_S * 2**attempt)
            await asyncio.sleep(random.uniform(0, cap))
            if time.monotonic() - extended_at > VISIBILITY_S / 2:
                with contextlib.suppress(Exception):
                    await self.sqs.change_message_visibility(
                        QueueUrl=self.queue_url,
                        ReceiptHandle=message["ReceiptHandle"],
                        VisibilityTimeout=VISIBILITY_S,
                    )
                    self.counts["visibility_extended"] += 1
                extended_at = time.monotonic()

    async def delete(self, entries: list[dict]) -> None:
        for attempt in range(5):
            try:
                response = await self.sqs.delete_message_batch(
                    QueueUrl=self.queue_url, Entries=entries
                )
            except Exception:
                self.counts["delete_errors"] += 1
                await asyncio.sleep(0.1 * (attempt + 1))
                continue
            self.counts["deleted"] += len(response.get("Successful", []))
            failed = {f["Id"] for f in response.get("Failed", [])}
            entries = [e for e in entries if e["Id"] in failed]
            if not entries:
                return
        self.counts["delete_failed"] += len(entries)


async def main_async(args: argparse.Namespace) -> dict:
    import aiohttp
    from aiobotocore.session import get_session

    session = get_session()
    async with (
        session.create_client(
            "sqs",
            endpoint_url=args.sqs,
            region_name=os.environ.get("AWS_DEFAULT_REGION", "us-east-1"),
        ) as sqs,
        aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as http,
    ):
        queue_url = (await sqs.get_queue_url(QueueName=args.queue))["QueueUrl"]
        consumer = Consumer(sqs, queue_url, args.sink, http)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, consumer.stopping.set)
        print("ready", flush=True)
        await consumer.run(args.workers)
        return dict(consumer.counts)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sqs", required=True, help="SQS endpoint URL")
    parser.add_argument("--queue", required=True, help="queue name")
    parser.add_argument("--sink", required=True, help="URL to POST each message to")
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args(argv)
    counts = asyncio.run(main_async(args))
    json.dump(counts, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
