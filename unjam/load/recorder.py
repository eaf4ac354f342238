"""The rows an engine holds: one appended per finished request, handed on in chunks.

Apart from the engine because recording is its own concern — column appends bound once so
a finished request costs eight `array.append` calls, chunks handed on every quarter second
so the engine holds a fraction of a second of rows whatever the duration, and the running
counts behind the progress line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unjam.load.connection import now_ns
from unjam.load.samples import Samples
from unjam.load.wire import Wire

RECENT_ROWS = 2_000  # the progress line's p99 is over the latest this many rows


class Recorder:
    """Appends rows to `samples` (times relative to `start_ns`) and hands them on."""

    def __init__(self, wire: Wire, on_rows: Callable[[Samples], None] | None = None) -> None:
        self.wire = wire
        self.on_rows = on_rows
        self.samples = Samples()
        self.start_ns = 0
        self.done_count = self.error_count = 0  # rows finished so far (for the progress line)
        self.recent_p99_ns = 0
        self._scanned = 0  # rows of `samples` already counted
        self.record = self._bind(self.samples)

    def _bind(self, samples: Samples) -> Callable[..., None]:
        """`record(target, intended, sent, done, status, bytes_in, error)` appending to
        `samples`, with every column's append looked up once."""
        a_target, a_int, a_sent, a_done = (
            samples.target.append,
            samples.intended.append,
            samples.sent.append,
            samples.done.append,
        )
        a_status, a_in, a_out, a_err = (
            samples.status.append,
            samples.bytes_in.append,
            samples.bytes_out.append,
            samples.error.append,
        )
        body_sizes = self.wire.body_sizes

        def record(
            target: int, intended: int, sent: int, done: int, status: int, bytes_in: int, err: int
        ) -> None:
            start = self.start_ns
            a_target(target)
            a_int(intended - start)
            a_sent(sent - start)
            a_done(done - start)
            a_status(status)
            a_in(bytes_in)
            a_out(body_sizes[target] if sent else 0)
            a_err(err)

        return record

    def record_error(self, target: int, intended: int, sent: int, text: str) -> None:
        """A request that got no response: its row carries the Go-like error text."""
        label = self.wire.labels[target]
        error = self.samples.error_index(f"{label}: {text}")
        self.record(target, intended, sent or intended, now_ns(), 0, 0, error)

    def flush(self) -> None:
        """Hand the rows finished so far to `on_rows` and start a fresh chunk (which shares
        the error-text table); without `on_rows` every row stays in `samples`."""
        if self.on_rows is None or not len(self.samples):
            return
        chunk = self.samples
        self.samples = Samples()
        self.samples.errors = chunk.errors
        self.record = self._bind(self.samples)
        self._scanned = 0
        self.on_rows(chunk)

    def count_new(self) -> None:
        """Count the rows added since the last call, and the recent p99 latency."""
        s = self.samples
        n, start = len(s), self._scanned
        status = s.status
        self.done_count += n - start
        self.error_count += sum(1 for k in range(start, n) if not 200 <= status[k] < 400)
        window = range(max(start, n - RECENT_ROWS), n)
        recent = sorted(s.done[k] - s.intended[k] for k in window)
        if recent:
            self.recent_p99_ns = recent[min(len(recent) - 1, int(len(recent) * 0.99))]
        self._scanned = n

    def progress(self, inflight: int) -> dict[str, Any]:
        """The progress line's figures so far."""
        return {
            "elapsed_s": (now_ns() - self.start_ns) / 1e9,
            "done": self.done_count,
            "errors": self.error_count,
            "p99_ns": self.recent_p99_ns,
            "inflight": inflight,
        }
