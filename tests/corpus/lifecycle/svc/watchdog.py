"""A service run on its own (`uvicorn svc.watchdog:watched_app`) whose lifespan starts two
threads and stops them at shutdown: a join given a timeout is a wait the code bounds, once the
server has drained; one without a timeout may hold the stop for as long as the thread runs."""

import queue
import threading
from contextlib import asynccontextmanager

from fastapi import FastAPI


class Watchdog:
    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.started = threading.Event()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.watch, daemon=True)

    def watch(self) -> None:
        self.started.set()
        while not self.stopping.wait(self.interval):
            pass

    def start(self) -> None:
        self.thread.start()
        self.started.wait(5)  # expect: UJ002 (start-up: bounded, but the start waits for it)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=self.interval * 10)  # ok: bounded, at shutdown


class Exporter:
    def __init__(self) -> None:
        self.spans: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self.drain, daemon=True)

    def drain(self) -> None:
        while self.spans.get() is not None:
            pass

    def stop(self) -> None:
        self.spans.put(None)
        self.thread.join()  # expect: UJ002 (at shutdown, unbounded)


@asynccontextmanager
async def watched_lifespan(app: FastAPI):
    watchdog, exporter = Watchdog(0.5), Exporter()
    watchdog.start()
    exporter.thread.start()
    yield
    watchdog.stop()
    exporter.stop()


watched_app = FastAPI(lifespan=watched_lifespan)
