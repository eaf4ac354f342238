"""A decorator that reports a failure to a callback, handing it the wrapped function, and
otherwise passes the call through as it came: the constructor it wraps still sees the
route's `read_only=True`, so the tracking branch never runs for the listing."""

import subprocess
from functools import wraps

from fastapi import APIRouter

runs = APIRouter(prefix="/runs")


def report_failure(err: Exception, func) -> None:
    print(f"{func.__name__} failed: {err}")


def noexcept(func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except Exception as err:
            report_failure(err, func)

    return wrapper


class Run:
    @noexcept
    def __init__(self, run_hash: str, *, read_only: bool = False) -> None:
        self.hash = run_hash
        if not read_only:
            self.commit = subprocess.run(["git", "rev-parse", "HEAD"]).stdout  # expect: UJ001


@runs.get("/")
async def list_runs(hashes: list[str]):
    return [Run(run_hash, read_only=True).hash for run_hash in hashes]


@runs.post("/")
async def start_run(run_hash: str):
    return Run(run_hash).hash
