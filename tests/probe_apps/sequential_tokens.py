"""A `def` dependency and a `def` endpoint, each sleeping 0.2 s: how FastAPI lends tokens.

Each piece counts how many requests are inside it at once and then waits at a barrier for
`PARTIES` of them. If a request held its dependency's token while its endpoint ran (two tokens
per request, "at most 40 / 2 requests at once"), 40 concurrent requests could never bring 40
endpoints together and the barrier would break; with tokens borrowed one after another, all
40 pass both barriers. UJ005's wording rests on this (tests/test_check_uj005_runtime.py).
"""

from __future__ import annotations

import threading
import time

from fastapi import Depends, FastAPI

PARTIES = 40
BARRIER_TIMEOUT = 30.0


class Piece:
    """In-flight counter and barrier for one sync piece of the request."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.inside = 0
        self.max_inside = 0
        self.barrier = threading.Barrier(PARTIES, timeout=BARRIER_TIMEOUT)

    def run(self) -> None:
        with self.lock:
            self.inside += 1
            self.max_inside = max(self.max_inside, self.inside)
        try:
            self.barrier.wait()
            time.sleep(0.2)
        finally:
            with self.lock:
                self.inside -= 1


dependency_piece = Piece()
endpoint_piece = Piece()
app = FastAPI()


def sync_dependency() -> str:
    dependency_piece.run()
    return "ok"


@app.get("/work")
def work(dep: str = Depends(sync_dependency)) -> dict:
    endpoint_piece.run()
    return {"dep": dep}


@app.get("/stats")
async def stats() -> dict:
    return {
        "dependency_max": dependency_piece.max_inside,
        "endpoint_max": endpoint_piece.max_inside,
    }
