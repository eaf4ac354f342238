"""Start the lab's servers as child processes, pinned to a core when the machine has two.

DESIGN.md's rule for measuring on 2 cores: the server under test on one core, the load
generator (and here the downstreams, which stand in for other machines) on the other. Pinning
is done with `taskset`, which execs the server, so the pid `ServerProcess` stops is the
server's own. With fewer than two usable cores (or no taskset) nothing is pinned.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import sys
from collections.abc import Iterator, Mapping, Sequence

from unjam.server import ServerProcess, free_port, uvicorn_argv


def usable_cores() -> list[int]:
    try:
        return sorted(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return []


def core_plan() -> tuple[int | None, int | None]:
    """(server core, load core), or (None, None) when pinning is impossible."""
    cores = usable_cores()
    if len(cores) < 2 or shutil.which("taskset") is None:
        return None, None
    return cores[0], cores[1]


def pinned(argv: Sequence[str], core: int | None) -> list[str]:
    return (["taskset", "-c", str(core)] if core is not None else []) + list(argv)


@contextlib.contextmanager
def pin_self(core: int | None) -> Iterator[None]:
    """Run the `with` block (the load generator, the checkers) on `core`."""
    if core is None:
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {core})
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


@contextlib.contextmanager
def serve(
    app: str,
    env: Mapping[str, str] | None = None,
    *,
    core: int | None = None,
    extra: Sequence[str] = (),
    grace_s: float = 3.0,
) -> Iterator[ServerProcess]:
    """Serve `module:app` with uvicorn on a free 127.0.0.1 port (pinned to `core`).

    On exit the server gets `grace_s` to shut down after SIGINT, then SIGKILL: a server
    still chewing through a backlog the load generator gave up on is not worth waiting for.
    """
    port = free_port()
    argv = pinned(uvicorn_argv(app, port, extra=[*extra, "--backlog", "4096"]), core)
    server = ServerProcess(argv, port, env=dict(env or {})).start(ready_timeout=60)
    try:
        yield server
    finally:
        server.stop(timeout=grace_s)


@contextlib.contextmanager
def run_module(
    module: str,
    args: Sequence[str],
    *,
    core: int | None = None,
    env: Mapping[str, str] | None = None,
) -> Iterator[ServerProcess]:
    """Run `python -m module --port P args...` (a downstream) until the block ends."""
    port = free_port()
    argv = pinned([sys.executable, "-m", module, "--port", str(port), *args], core)
    with ServerProcess(argv, port, env=dict(env or {})).start(ready_timeout=60) as server:
        yield server


def stop_children(grace_s: float = 1.0) -> None:
    """Ctrl-C: stop every server this process started, all at once (SIGINT, SIGKILL after
    `grace_s`). Each `serve` block would otherwise stop its server in turn on the way out,
    waiting seconds for each while it finishes requests nobody waits for any more."""
    import threading

    import psutil

    # Client threads still talking to these servers fail now; that is expected, not a bug.
    threading.excepthook = lambda args: None
    children = psutil.Process().children(recursive=True)
    for child in children:
        with contextlib.suppress(psutil.Error):
            child.send_signal(signal.SIGINT)
    _, alive = psutil.wait_procs(children, timeout=grace_s)
    for child in alive:
        with contextlib.suppress(psutil.Error):
            child.kill()
    psutil.wait_procs(alive, timeout=1.0)


def interrupt(*_: object) -> None:
    """The lab's SIGINT handler: servers down first, then unwind with KeyboardInterrupt."""
    stop_children()
    raise KeyboardInterrupt
