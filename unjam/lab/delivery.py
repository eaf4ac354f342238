"""Run seed 001's pipeline — queue → consumer → rate-limited sink — and account for it.

`pipeline(env, ...)` starts the sink (429 above `sink_rate`/s) and the consumer process;
`Pipeline.finish(accepted_ids)` waits until the queue is empty and nothing is in flight,
stops the consumer by pid, and returns the ledger, matched invoice by invoice: how many
webhooks were accepted (HTTP 200), how many of those reached the sink, how many SQS
messages arrived twice, how many accepted webhooks are missing — and how many were queued
although their sender never got a 200 (it timed out or failed; a real sender would retry,
and the retry would be a second invoice event: the at-least-once edge of a webhook).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

from unjam.lab.environments import queue_depth
from unjam.lab.processes import pinned
from unjam.server import ServerProcess, free_port, uvicorn_argv


@dataclass
class Pipeline:
    env: dict[str, str]
    sink: ServerProcess
    consumer: subprocess.Popen

    def sink_stats(self) -> dict:
        import requests

        return requests.get(f"{self.sink.url}/stats", timeout=10).json()

    def sink_ids(self) -> dict[str, int]:
        import requests

        return requests.get(f"{self.sink.url}/ids", timeout=10).json()

    def wait_drained(self, expected: set[str], timeout: float) -> bool:
        """True once the sink holds every id in `expected` and the queue is empty."""
        deadline = time.monotonic() + timeout
        quiet_since = None
        while time.monotonic() < deadline:
            visible, in_flight = queue_depth(self.env)
            missing = bool(expected - self.sink_ids().keys())
            if visible == 0 and in_flight == 0 and not missing:
                quiet_since = quiet_since or time.monotonic()
                if time.monotonic() - quiet_since > 0.6:
                    return True
            else:
                quiet_since = None
            time.sleep(0.2)
        return False

    def stop_consumer(self) -> dict:
        if self.consumer.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.consumer.pid, signal.SIGTERM)
        try:
            out, err = self.consumer.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            os.kill(self.consumer.pid, signal.SIGKILL)
            out, err = self.consumer.communicate()
        lines = [line for line in out.splitlines() if line.startswith("{")]
        return json.loads(lines[-1]) if lines else {"error": err.strip()[-300:]}

    def finish(self, accepted: set[str], timeout: float = 120.0) -> dict:
        started = time.monotonic()
        drained = self.wait_drained(accepted, timeout)
        drain_s = time.monotonic() - started
        consumer = self.stop_consumer()
        sink = self.sink_stats()
        delivered = self.sink_ids()
        visible, in_flight = queue_depth(self.env)
        lost = sorted(accepted - delivered.keys())
        twice = sorted(i for i in accepted if delivered.get(i, 0) > 1)
        return {
            "accepted": len(accepted),
            "accepted_delivered": len(accepted & delivered.keys()),
            "lost": len(lost),
            "lost_ids": lost[:20],
            "duplicates": sink["duplicates"],
            "accepted_delivered_twice": len(twice),
            "queued_without_200": len(delivered.keys() - accepted),
            "messages_delivered": sink["unique"],
            "deliveries": sink["deliveries"],
            "rejected_429": sink["rejected_429"],
            "sink_rate_limit": sink["rate_limit"],
            "left_on_queue": visible + in_flight,
            "drained": drained,
            "drain_after_attack_s": round(drain_s, 2),
            "exactly_once": drained and not lost and sink["duplicates"] == 0 and not twice,
            "consumer": consumer,
        }


@contextlib.contextmanager
def pipeline(
    env: dict[str, str], sink_rate: float, workers: int = 8, core: int | None = None
) -> Iterator[Pipeline]:
    port = free_port()
    sink = ServerProcess(
        pinned(uvicorn_argv("unjam.lab.downstreams.sink:app", port), core),
        port,
        env={"LAB_SINK_RATE": str(sink_rate)},
    )
    with sink.start(ready_timeout=60):
        argv = [
            sys.executable,
            "-m",
            "unjam.lab.consumer",
            "--sqs",
            env["LAB_SQS_ENDPOINT"],
            "--queue",
            env["LAB_QUEUE_NAME"],
            "--sink",
            f"{sink.url}/deliver",
            "--workers",
            str(workers),
        ]
        consumer = subprocess.Popen(
            pinned(argv, core),
            env={**os.environ, **env},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        assert consumer.stdout is not None
        consumer.stdout.readline()  # "ready" (or EOF if it died; finish() reports that)
        stage = Pipeline(env, sink, consumer)
        try:
            yield stage
        finally:
            if consumer.poll() is None:
                stage.stop_consumer()
