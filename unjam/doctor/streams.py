"""Streaming routes (server-sent events, chunked streams) measured as streams.

A stream does not end when its first event is sent: loaded like a normal request it waits for
the end of a body that never comes, times out and is reported as failing. What a user feels
is the time to the first event, so that is what is measured: each request is read until its
first event (SSE: the first blank line; another stream: its first bytes) and then closed.
One request before the route is loaded tells which kind it is.
"""

from __future__ import annotations

import http.client
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

FIRST_EVENT_TIMEOUT_S = 10.0
# A chunked body still open this long after its first bytes is a stream, not a slow response.
OPEN_STREAM_S = 1.0


def _connect(target, timeout: float) -> tuple[http.client.HTTPConnection, object]:
    parts = urlsplit(str(target.url))
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    conn.request(str(target.method), path, body=target.body or None, headers=dict(target.headers))
    return conn, conn.getresponse()


def stream_kind(target) -> str | None:
    """ "sse", "chunked" or None (an ordinary response), from one request."""
    if str(target.method).upper() != "GET":
        return None
    try:
        conn, response = _connect(target, FIRST_EVENT_TIMEOUT_S)
    except (OSError, http.client.HTTPException):
        return None
    try:
        if response.status >= 400:
            return None
        content_type = (response.getheader("content-type") or "").lower()
        if content_type.startswith("text/event-stream"):
            return "sse"
        if (response.getheader("transfer-encoding") or "").lower() != "chunked":
            return None
        conn.sock.settimeout(OPEN_STREAM_S)
        try:
            response.read(1)
            response.read()  # an ordinary chunked body ends soon after it starts
        except TimeoutError:
            return "chunked"
        except (OSError, http.client.HTTPException):
            return None
        return None
    finally:
        conn.close()


def first_event_ms(target, kind: str, timeout: float = FIRST_EVENT_TIMEOUT_S) -> tuple[float, int]:
    """(ms from sending the request to the first event, HTTP status); 0 status on failure."""
    started = time.perf_counter()
    try:
        conn, response = _connect(target, timeout)
    except (OSError, http.client.HTTPException):
        return (time.perf_counter() - started) * 1000.0, 0
    try:
        if response.status >= 400:
            return (time.perf_counter() - started) * 1000.0, response.status
        if kind == "sse":
            while True:  # an event ends with a blank line
                line = response.fp.readline()
                if not line or line in (b"\n", b"\r\n"):
                    break
        else:
            response.read(1)
        return (time.perf_counter() - started) * 1000.0, response.status
    except (OSError, http.client.HTTPException):
        return (time.perf_counter() - started) * 1000.0, 0
    finally:
        conn.close()


@dataclass
class StreamResult:
    """One step of stream requests, shaped like `unjam.load`'s result for the doctor's
    records (time to first event stands for latency)."""

    rows: list[tuple[float, float, int]] = field(default_factory=list)  # (t, ms, status)
    elapsed_s: float = 0.0
    interrupted: bool = False

    @property
    def status_codes(self) -> dict[int, int]:
        codes: dict[int, int] = {}
        for _, _, status in self.rows:
            codes[status] = codes.get(status, 0) + 1
        return codes

    @property
    def timeline(self) -> list[tuple[float, float, int]]:
        return self.rows

    @property
    def throughput(self) -> float:
        ok = sum(1 for _, _, status in self.rows if 200 <= status < 400)
        return ok / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def success_ratio(self) -> float:
        ok = sum(1 for _, _, status in self.rows if 200 <= status < 400)
        return ok / len(self.rows) if self.rows else 0.0

    def latency_ms(self, q: float) -> float:
        values = sorted(ms for _, ms, status in self.rows if 200 <= status < 400)
        if not values:
            raise ValueError("no successful request")
        return values[min(len(values) - 1, int(q / 100.0 * len(values)))]

    def _ok(self) -> list[float]:
        return [ms for _, ms, status in self.rows if 200 <= status < 400] or [float("nan")]

    @property
    def min_ms(self) -> float:
        return min(self._ok())

    @property
    def max_ms(self) -> float:
        return max(self._ok())

    @property
    def mean_ms(self) -> float:
        values = self._ok()
        return sum(values) / len(values)


def load_stream(targets: list, kind: str, *, concurrency: int, duration: float) -> StreamResult:
    """`concurrency` clients each opening the stream, reading its first event and closing it,
    again and again for `duration` seconds."""
    result = StreamResult()
    lock = threading.Lock()
    started = time.perf_counter()
    deadline = started + duration

    def client(index: int) -> None:
        count = 0
        while time.perf_counter() < deadline:
            target = targets[(index + count) % len(targets)]
            count += 1
            sent = time.perf_counter() - started
            ms, status = first_event_ms(target, kind)
            with lock:
                result.rows.append((sent, ms, status))

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(concurrency)]
    for thread in threads:
        thread.start()
    try:
        for thread in threads:
            thread.join()
    except KeyboardInterrupt:
        result.interrupted = True  # the clients end at their deadline; the doctor stops now
    result.elapsed_s = time.perf_counter() - started
    result.rows.sort()
    return result
