"""Per-request records, stored as columns of machine integers.

The engine appends one row per finished request to a handful of `array.array` columns
(about 50 bytes a request, no Python object per request), so a long run stays small, a
worker process can ship its rows to the parent as raw bytes, and the results file, the
timeline and the HTML plot are all derived from the same rows.

Times are integer nanoseconds since the attack start (one monotonic clock shared by all
worker processes on the machine). `intended` is when the schedule wanted the request sent
(open model) — equal to `sent` in the closed model; `status` 0 means a transport error whose
text is `errors[error]`.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator

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

    @classmethod
    def merge(cls, parts: Iterable[Samples]) -> Samples:
        """All rows of `parts`, ordered by intended send time, error tables unified."""
        rows = []
        for part in parts:
            rows.extend(part.rows())
        rows.sort(key=lambda row: (row[1], row[2]))
        merged = cls()
        for row in rows:
            merged.append(*row)
        return merged
