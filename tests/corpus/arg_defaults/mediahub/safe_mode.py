"""A decorator that reports a failure to a callback, handing it the wrapped function, and
otherwise passes the call through as it came: the constructor it wraps still sees the
route's `read_only=True`, so the tracking branch never runs for the listing."""

import inspect
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


def timed_async(func):
    @wraps(func)
    async def async_wrapper(*args, **kwargs):
        return await func(*args, **kwargs)

    return async_wrapper


def timed(func):
    """Picks a wrapper by the kind of function; each passes the call through as it came."""
    if inspect.iscoroutinefunction(func):
        return timed_async(func)

    @wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


@timed
def register_run(run_hash: str, check_name: bool = True) -> str:
    if not check_name:
        return run_hash
    return subprocess.run(["git", "check-ref-format", run_hash]).stdout  # expect: UJ001


def register_unchecked(run_hash: str) -> str:
    if run_hash.startswith("tmp-"):
        return register_run(run_hash, check_name=False)
    return ""


@runs.put("/{run_hash}")
async def adopt_run(run_hash: str):
    return register_unchecked(run_hash)


@runs.patch("/{run_hash}")
async def rename_run(run_hash: str):
    return register_run(run_hash)
