"""An error reporter whose `watch()` makes a decorator: the wrapper it defines passes the
call through as it came, so the `op` a caller leaves out is still `None` in the watched
method, and the post-processing branch never runs for the feed's calls."""

import functools
import json
from pathlib import Path

from fastapi import APIRouter

feed = APIRouter(prefix="/feed")


class Reporter:
    def exception(self, err: Exception) -> None:
        print(f"reported: {err}")

    def watch(self):
        def watch_dec(func):
            @functools.wraps(func)
            def wrapper(*args, **kwargs):
                try:
                    return func(*args, **kwargs)
                except Exception as err:
                    self.exception(err)
                    raise

            return wrapper

        return watch_dec


reporter = Reporter()


class Recorder:
    @reporter.watch()
    def finish(self, entry: dict, *, op: str | None = None) -> dict:
        if op is not None:
            Path(f"/var/feed/{op}.json").write_text(json.dumps(entry))  # expect: UJ001
        return entry


recorder = Recorder()


@feed.post("/")
async def post_entry(entry: dict):
    return recorder.finish(entry)


@feed.post("/{op}")
async def post_op(op: str, entry: dict):
    return recorder.finish(entry, op=op)
