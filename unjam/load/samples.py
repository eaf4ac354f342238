"""Per-request records, stored as columns of machine integers.

The engine appends one row per finished request to a handful of `array.array` columns
(about 50 bytes a request, no Python object per request) and hands them on in chunks of a
fraction of a second: a worker process ships each chunk to the parent as raw bytes, where
it is folded into the run's `Tally` and appended to the results file, then dropped.

Times are integer nanoseconds since the attack start (one monotonic clock shared by all
worker processes on the machine). `intended` is when the schedule wanted the request sent
(open model) — equal to `sent` in the closed model; `status` 0 means a transport error whose
text is `errors[error]`.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

COLUMNS = (
    ("target", "H"),
    ("intended", "q"),
    ("sent", "q"),
    ("done", "q"),
    ("status", "H"),
    ("bytes_in", "q"),
    ("bytes_out", "q"),
    ("error", "h"),
)

_NAMES = tuple(name for name, _ in COLUMNS)


class Samples:
    """Columnar per-request rows plus the table of transport-error texts."""

    __slots__ = (
        "bytes_in",
        "bytes_out",
        "done",
        "error",
        "errors",
        "intended",
        "sent",
        "status",
        "target",
    )

    def __init__(self) -> None:
        for name, code in COLUMNS:
            setattr(self, name, array(code))
        self.errors: list[str] = []

    def __len__(self) -> int:
        return len(self.done)

    def error_index(self, text: str) -> int:
        try:
            return self.errors.index(text)
        except ValueError:
            self.errors.append(text)
            return len(self.errors) - 1

    def append(
        self,
        target: int,
        intended: int,
        sent: int,
        done: int,
        status: int,
        bytes_in: int,
        bytes_out: int,
        error: str | None = None,
    ) -> None:
        self.target.append(target)
        self.intended.append(intended)
        self.sent.append(sent)
        self.done.append(done)
        self.status.append(status)
        self.bytes_in.append(bytes_in)
        self.bytes_out.append(bytes_out)
        self.error.append(-1 if error is None else self.error_index(error))

    def append_indexed(self, *row: int) -> None:
        """One row whose last field is already an index into `errors` (or -1)."""
        for name, value in zip(_NAMES, row, strict=True):
            getattr(self, name).append(value)

    def rows(self) -> Iterator[tuple]:
        """(target, intended, sent, done, status, bytes_in, bytes_out, error_text|None)."""
        errors = self.errors
        for t, i, s, d, st, bi, bo, e in zip(
            self.target,
            self.intended,
            self.sent,
            self.done,
            self.status,
            self.bytes_in,
            self.bytes_out,
            self.error,
            strict=True,
        ):
            yield t, i, s, d, st, bi, bo, (errors[e] if e >= 0 else None)

    def to_wire(self) -> dict:
        data = {name: getattr(self, name).tobytes() for name, _ in COLUMNS}
        data["errors"] = list(self.errors)
        return data

    @classmethod
    def from_wire(cls, data: dict) -> Samples:
        samples = cls()
        for name, _ in COLUMNS:
            getattr(samples, name).frombytes(data[name])
        samples.errors = list(data["errors"])
        return samples
