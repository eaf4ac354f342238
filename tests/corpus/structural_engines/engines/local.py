"""An engine that runs each analysis in a child process of its own."""

import multiprocessing as mp
import time


def _serve(query_queue) -> None:
    while query_queue.get() is not None:
        pass


class ProcessEngine:
    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self.queries = self._ctx.Queue()
        self.process = None

    def start(self) -> None:
        self.process = self._ctx.Process(target=_serve, args=(self.queries,), daemon=True)
        self.process.start()

    def preview(self, query: str) -> list:
        self.queries.put(query)
        return []

    def shutdown(self) -> None:
        self.queries.put(None)
        if self.process is not None:
            self.process.join(timeout=5)  # expect: UJ001


class AuditTrail:
    """Has a `shutdown`, but is no engine: it lacks `start` and `preview`."""

    def shutdown(self) -> None:
        time.sleep(1)  # ok (never called through the engine interface)


def trail() -> AuditTrail:
    return AuditTrail()
