"""Talk to the probe's diagnostics endpoint and watch the server's CPU.

The endpoint is three plain HTTP calls on 127.0.0.1 (`POST /reset`, `GET /snapshot`,
`GET /metrics`), made with the standard library so the doctor needs no HTTP client
dependency of its own.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass

import psutil

from unjam.errors import AppFailed


@dataclass
class Diagnostics:
    port: int
    host: str = "127.0.0.1"
    timeout: float = 10.0

    @property
    def base(self) -> str:
        return f"http://{self.host}:{self.port}"

    def _call(self, method: str, path: str) -> bytes:
        request = urllib.request.Request(
            self.base + path, method=method, data=b"" if method == "POST" else None
        )
        with urllib.request.urlopen(request, timeout=self.timeout) as response:
            return response.read()

    def reset(self) -> None:
        self._call("POST", "/reset")

    def snapshot(self) -> dict:
        return json.loads(self._call("GET", "/snapshot") or b"{}")

    def wait_ready(self, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        last = ""
        while time.monotonic() < deadline:
            try:
                self.snapshot()
                return
            except (OSError, urllib.error.URLError, json.JSONDecodeError) as err:
                last = str(err)
                time.sleep(0.1)
        raise AppFailed(
            f"the probe's diagnostics endpoint on port {self.port} never answered ({last})"
        )


class CpuMeter:
    """CPU seconds used by the server process and its children (user + system)."""

    def __init__(self, pid: int) -> None:
        self.process = psutil.Process(pid)

    def seconds(self) -> float:
        total = 0.0
        try:
            processes = [self.process, *self.process.children(recursive=True)]
        except psutil.Error:
            return 0.0
        for proc in processes:
            try:
                times = proc.cpu_times()
                total += times.user + times.system
            except psutil.Error:
                continue
        return total
