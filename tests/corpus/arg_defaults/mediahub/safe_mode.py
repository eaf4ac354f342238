"""A decorator that reports a failure to a callback, handing it the wrapped function, and
otherwise passes the call through as it came: the constructor it wraps still sees the
route's `read_only=True`, so the tracking branch never runs for the listing."""

import inspect
import subprocess
from functools import wraps
from typing import get_type_hints

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


class BasicRun:
    def __init__(self, run_hash: str, *, read_only: bool = False) -> None:
        self.hash = run_hash
        if not read_only:
            self.lock = open(f"/srv/runs/{run_hash}.lock", "w")  # expect: UJ001


class TrackedRun(BasicRun):
    """The decorated constructor hands `read_only` on to its base's, as it came."""

    @noexcept
    def __init__(self, run_hash: str, *, read_only: bool = False) -> None:
        super().__init__(run_hash, read_only=read_only)


@runs.get("/tracked")
async def list_tracked(hashes: list[str]):
    return [TrackedRun(run_hash, read_only=True).hash for run_hash in hashes]


@runs.post("/tracked")
async def start_tracked(run_hash: str):
    return TrackedRun(run_hash).hash


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


def enforce_types(func):
    """Checks the arguments against the annotations, then passes the call through as it
    came: asking about `func` (its hints, its argument names) calls nothing."""

    @wraps(func)
    def wrapper(*args, **kwargs):
        hints = {k: v for k, v in get_type_hints(func).items() if k != "return"}
        names = inspect.getfullargspec(func).args
        for name, value in [*zip(names, args), *kwargs.items()]:
            if name in hints and hints[name] is str and not isinstance(value, str):
                raise TypeError(name)
        return func(*args, **kwargs)

    return wrapper


class RunSearch:
    @enforce_types
    def find(self, query: str = "", method: str = "embedding") -> list[str]:
        if not query:
            return []
        elif method == "embedding":
            subprocess.run(["embed", query])  # expect: UJ001
        return [query]


search = RunSearch()


@runs.get("/recent")
async def recent_runs():
    return search.find()  # (no query: the embedding branch is never taken)


@runs.get("/search")
async def search_runs(q: str):
    return search.find(q)


class RunLog:
    def __init__(self, folder: str, *, lock: bool = True) -> None:
        self.folder = folder
        if lock:
            self.lock_fd = open(f"{folder}/.lock", "w")  # expect: UJ001

    @classmethod
    def load(cls, folder: str, lock: bool = True, **kwargs) -> "RunLog":
        """`cls(...)`: the constructor gets `lock` as the caller passed it."""
        return cls(folder, lock=lock, **kwargs)


def read_settings(loader, text: str) -> dict:
    """Some other `load`: a call unjam cannot resolve, which may be `RunLog.load` with any
    keywords, so `**kwargs` there holds anything but the `lock` it names."""
    return loader.load(text)


@runs.get("/{run_hash}/log")
async def read_log(run_hash: str):
    return RunLog.load(f"/srv/runs/{run_hash}", lock=False).folder


@runs.post("/{run_hash}/log")
async def write_log(run_hash: str):
    return RunLog.load(f"/srv/runs/{run_hash}").folder
