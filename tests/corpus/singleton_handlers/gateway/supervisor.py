"""Worker processes the gateway forks for sandboxed tools, and their reaping."""

import os
import queue
import threading

_results: queue.Queue = queue.Queue()
_spawn_lock = threading.Lock()


def reap_finished() -> set[int]:
    reaped = set()
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)  # ok: a poll, returns at once
        except ChildProcessError:
            break
        if pid == 0:
            break
        reaped.add(pid)
    return reaped


def wait_for(pid: int) -> int:
    _, status = os.waitpid(pid, 0)  # expect: UJ001
    return status


def latest_result() -> dict | None:
    try:
        return _results.get(block=False)  # ok: never waits
    except queue.Empty:
        return None


def any_result() -> dict | None:
    try:
        return _results.get(False)  # ok: `block` given by position: never waits
    except queue.Empty:
        return None


def try_spawn() -> bool:
    if not _spawn_lock.acquire(blocking=False):  # ok: gives up at once
        return False
    if not _spawn_lock.acquire(False):  # ok: by position, the same
        return False
    _spawn_lock.release()
    return True
