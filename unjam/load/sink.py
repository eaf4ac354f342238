"""`RowSink`: where a run's finished rows go — its `Tally` and, with `-o`, the results file.

The engine hands rows over in chunks every quarter second. An inline run produces them on
its event loop, so the sink folds them on a helper thread: folding costs a few µs a row,
which on the loop would show up as loop lag in the self-check. The hand-over queue is
bounded: a producer faster than the folding waits rather than queueing without limit, so
memory stays bounded even then. A multi-worker run's parent has no loop to protect and
folds the chunks it receives directly.
"""

from __future__ import annotations

import queue
import threading
import time
from pathlib import Path

from unjam.errors import BadInput
from unjam.load.result import RunInfo
from unjam.load.results_file import ResultsWriter, started_at
from unjam.load.samples import Samples
from unjam.load.tally import Tally

QUEUE_CHUNKS = 4


class RowSink:
    """Folds chunks of rows into a `Tally` and appends them to the results file."""

    def __init__(
        self,
        info: RunInfo,
        output: str | Path | None = None,
        tally: Tally | None = None,
        threaded: bool = False,
    ) -> None:
        self.info = info
        self.tally = tally or Tally()
        self.writer = ResultsWriter(output, info) if output is not None else None
        self.failure: BaseException | None = None
        self._queue: queue.Queue[Samples | None] | None = None
        self._thread: threading.Thread | None = None
        if threaded:
            self._queue = queue.Queue(maxsize=QUEUE_CHUNKS)
            self._thread = threading.Thread(target=self._drain, name="unjam-rows", daemon=True)
            self._thread.start()

    def started(self, perf_start_ns: int) -> None:
        """The attack's start instant (perf counter) is known: stamp it in wall-clock time."""
        self.info.started_at_unix_ns = started_at(time.time_ns(), perf_start_ns)

    def add(self, chunk: Samples) -> None:
        if self._queue is not None:
            self._queue.put(chunk)
        else:
            self._fold(chunk)

    def _fold(self, chunk: Samples) -> None:
        if self.failure is not None:
            return
        try:
            self.tally.add(chunk)
            if self.writer is not None:
                self.writer.write(chunk)
        except BaseException as err:  # re-raised by close(), in the caller's thread
            self.failure = err

    def _drain(self) -> None:
        assert self._queue is not None
        while (chunk := self._queue.get()) is not None:
            self._fold(chunk)

    def _join(self) -> None:
        if self._thread is not None and self._queue is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    def close(self, info: RunInfo) -> Tally:
        """Fold what is queued, finish the results file with `info`, return the tally."""
        self._join()
        if isinstance(self.failure, OSError) and self.writer is not None:
            raise BadInput(
                f"--output: cannot write {str(self.writer.path)!r}: "
                f"{self.failure.strerror or self.failure}"
            )
        if self.failure is not None:
            raise self.failure
        if self.writer is not None:
            self.writer.close(info)
        return self.tally

    def abandon(self) -> None:
        """The run failed: stop the helper; the results file is left without its trailer."""
        self._join()
        if self.writer is not None:
            self.writer.abandon()
