"""Start and stop local servers (uvicorn apps, stubs) as child processes on 127.0.0.1.

The lab, the doctor and the test suite all need "serve this ASGI app on a free port, wait
until it answers, stop it by pid" — one implementation here. A server that dies or never
starts raises `AppFailed` carrying the tail of its stderr, so the user sees the import error.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from unjam.errors import AppFailed, NetworkError

LOCALHOST = "127.0.0.1"


def free_port(host: str = LOCALHOST) -> int:
    """A TCP port nobody listens on right now (the OS picks it)."""
    return free_ports(1, host)[0]


def free_ports(count: int, host: str = LOCALHOST) -> list[int]:
    """`count` distinct free ports: each socket stays bound until all are chosen, so the OS
    cannot hand out one port twice (an app and its diagnostics port must never coincide)."""
    sockets: list[socket.socket] = []
    try:
        for _ in range(count):
            sockets.append(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
            sockets[-1].bind((host, 0))
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def port_in_use(port: int, host: str = LOCALHOST) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.2)
        return sock.connect_ex((host, port)) == 0


def wait_for_port(port: int, host: str = LOCALHOST, timeout: float = 20.0, proc=None) -> None:
    """Block until something accepts on host:port; fail early if `proc` exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise AppFailed(f"server exited with code {proc.returncode} before listening")
        if port_in_use(port, host):
            return
        time.sleep(0.05)
    raise AppFailed(f"nothing listened on {host}:{port} within {timeout:.0f}s")


@dataclass
class ServerProcess:
    """A child process serving on `host:port`; stop it with `stop()` (by pid)."""

    argv: list[str]
    port: int
    host: str = LOCALHOST
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    proc: subprocess.Popen | None = None
    _stderr: object | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def start(self, ready_timeout: float = 30.0) -> ServerProcess:
        if port_in_use(self.port, self.host):
            raise NetworkError(
                f"port {self.port} on {self.host} is in use; pick another with --port"
            )
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the server
        env = {**os.environ, **self.env}
        self.proc = subprocess.Popen(
            self.argv,
            env=env,
            cwd=self.cwd,
            stdout=subprocess.DEVNULL,
            stderr=self._stderr,
            start_new_session=True,
        )
        try:
            wait_for_port(self.port, self.host, ready_timeout, self.proc)
        except AppFailed as err:
            tail = self.stderr_tail()
            self.stop()
            raise AppFailed(f"{err}: {tail}" if tail else str(err)) from None
        return self

    def stderr_tail(self, lines: int = 1) -> str:
        """The last non-empty stderr lines (the import error, usually)."""
        if self._stderr is None:
            return ""
        self._stderr.seek(0)
        text = self._stderr.read().decode(errors="replace")
        kept = [line for line in text.splitlines() if line.strip()]
        return " | ".join(kept[-lines:])

    def stderr_text(self) -> str:
        if self._stderr is None:
            return ""
        self._stderr.seek(0)
        return self._stderr.read().decode(errors="replace")

    def stop(self, timeout: float = 10.0) -> int | None:
        """SIGINT (uvicorn's graceful shutdown, so lifespan and probe exports run), then kill."""
        if self.proc is None or self.proc.poll() is not None:
            return None if self.proc is None else self.proc.returncode
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.proc.pid, signal.SIGINT)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            return self.proc.wait(5)

    def __enter__(self) -> ServerProcess:
        return self if self.proc else self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def uvicorn_argv(
    app: str,
    port: int,
    *,
    host: str = LOCALHOST,
    loop: str = "auto",
    http: str = "auto",
    extra: Sequence[str] = (),
    factory: bool = False,
) -> list[str]:
    argv = [sys.executable, "-m", "uvicorn", app, "--host", host, "--port", str(port)]
    argv += ["--loop", loop, "--http", http, "--no-access-log", "--log-level", "warning"]
    if factory:
        argv.append("--factory")
    return argv + list(extra)


@contextlib.contextmanager
def serve_app(
    app: str,
    *,
    app_dir: str | Path | None = None,
    loop: str = "auto",
    env: Mapping[str, str] | None = None,
    extra: Sequence[str] = (),
    port: int | None = None,
) -> Iterator[ServerProcess]:
    """Serve `module:attr` with uvicorn on a free 127.0.0.1 port for the `with` block."""
    port = port or free_port()
    child_env = dict(env or {})
    if app_dir is not None:
        child_env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(app_dir), os.environ.get("PYTHONPATH", "")) if p
        )
    server = ServerProcess(uvicorn_argv(app, port, loop=loop, extra=extra), port, env=child_env)
    with server.start():
        yield server
