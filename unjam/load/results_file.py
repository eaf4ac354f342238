"""The results file `unjam load --output FILE` writes as it runs and `unjam report FILE` reads.

Format: gzip-compressed JSON lines, so `zcat FILE | head` and `jq` work on it.

* line 1 — the header: `{"unjam_results": 2, "info": {...run settings...}}`
* a request: `[target, intended_ns, sent_ns, done_ns, status, bytes_in, bytes_out, error]`
  times in nanoseconds since the attack start, `target` an index into `info.targets`,
  `status` 0 for a transport error whose text is the `error`-th error line (`error` is -1
  otherwise);
* an error text, written before the first request that uses it: `{"error": "<text>"}`;
* the last line — the trailer: `{"info": {...settings, self-check, dropped, late...}}`.

Rows are written as the run goes (flushed about every quarter second), so memory stays flat
however long the run, and a run that was killed leaves a readable file: without its
trailer, it reads as interrupted. Everything a report shows is recomputed from the rows, so
`unjam report` prints the same numbers as the run did, in any format. Version 1 files (all
error texts in the header, no trailer) are still read.
"""

from __future__ import annotations

import gzip
import json
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from unjam.errors import BadInput
from unjam.load.result import LoadResult, RunInfo
from unjam.load.samples import Samples
from unjam.load.tally import KEEP_ROWS, Tally

VERSION = 2
READABLE = (1, 2)
CHUNK_ROWS = 8_192  # rows read into one chunk before it is folded in


class ResultsWriter:
    """Appends rows to a results file while the run goes on."""

    def __init__(self, path: str | Path, info: RunInfo) -> None:
        self.path = Path(path)
        self.info = info
        self._out: IO[str] | None = None
        self._texts: dict[str, int] = {}

    def _open(self) -> IO[str]:
        if self._out is None:
            self._out = gzip.open(self.path, "wt", encoding="utf-8", compresslevel=6)  # noqa: SIM115 (open for the whole run; closed by close/abandon)
            header = {"unjam_results": VERSION, "info": self.info.to_dict()}
            self._out.write(json.dumps(header) + "\n")
        return self._out

    def write(self, chunk: Samples) -> None:
        """Append `chunk` (its `error` column indexes `chunk.errors`) and flush it to disk."""
        out = self._open()
        index = []
        for text in chunk.errors:
            if text not in self._texts:
                self._texts[text] = len(self._texts)
                out.write(json.dumps({"error": text}) + "\n")
            index.append(self._texts[text])
        rows = zip(
            chunk.target,
            chunk.intended,
            chunk.sent,
            chunk.done,
            chunk.status,
            chunk.bytes_in,
            chunk.bytes_out,
            chunk.error,
            strict=True,
        )
        out.writelines(
            f"[{t},{i},{se},{d},{st},{bi},{bo},{index[e] if e >= 0 else -1}]\n"
            for t, i, se, d, st, bi, bo, e in rows
        )
        out.flush()  # a sync flush: what is written so far decompresses on its own

    def close(self, info: RunInfo) -> None:
        """Write the trailer (the final settings and self-check) and close the file."""
        out = self._open()
        out.write(json.dumps({"info": info.to_dict()}) + "\n")
        out.close()

    def abandon(self) -> None:
        """Close without a trailer: the file then reads as an interrupted run."""
        if self._out is not None:
            self._out.close()


def write_results(result: LoadResult, path: str | Path) -> None:
    """A whole result at once: every row it holds (all of them unless it was thinned)."""
    writer = ResultsWriter(path, result.info)
    writer.write(result.samples)
    writer.close(result.info)


def started_at(unix_start_ns: int, perf_start_ns: int) -> int:
    """The wall-clock time of a perf-counter instant (the attack start)."""
    return unix_start_ns - (time.perf_counter_ns() - perf_start_ns)


class ResultsFile:
    """One pass over a results file: its rows in chunks, then its final settings."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.info = RunInfo()  # the header's, then the trailer's once the rows are read

    def start(self) -> RunInfo:
        """The header's settings alone (enough to place the file on a time axis)."""
        for _kind, info in _lines(self.path):
            return info
        raise AssertionError("unreachable: _lines yields the header first")

    def chunks(self) -> Iterator[Samples]:
        """The rows, in chunks whose `errors` tables share one list."""
        chunk = Samples()
        for kind, payload in _lines(self.path):
            if kind == "row":
                chunk.append_indexed(*payload)
            elif kind == "error":
                chunk.errors.append(payload)
            else:
                self.info = payload
            if len(chunk) >= CHUNK_ROWS:
                yield chunk
                errors, chunk = chunk.errors, Samples()
                chunk.errors = errors
        yield chunk


def read_results(
    path: str | Path, hist_bounds: list[int] | None = None, keep_rows: int = KEEP_ROWS
) -> LoadResult:
    """Load a results file in constant memory; `BadInput` (exit 3) if missing or not ours."""
    source, tally = ResultsFile(path), Tally(hist_bounds, keep_rows)
    for chunk in source.chunks():
        tally.add(chunk)
    return LoadResult(info=source.info, tally=tally)


def _lines(path: Path) -> Iterator[tuple[str, Any]]:
    """("info", RunInfo) for the header and the trailer, ("error", text), ("row", [...]).

    A file cut short (the run was killed) ends after its last complete line, as
    interrupted; anything that is not an unjam results file is a one-line `BadInput`."""
    if not path.exists():
        raise BadInput(f"results file {str(path)!r} does not exist")
    try:
        with gzip.open(path, "rt", encoding="utf-8") as src:
            header = json.loads(src.readline())
            if not isinstance(header, dict) or header.get("unjam_results") not in READABLE:
                raise ValueError("no unjam results header")
            info = RunInfo.from_dict(header.get("info", {}))
            info.interrupted = info.interrupted or header["unjam_results"] > 1
            yield "info", info
            for text in header.get("errors", []):
                yield "error", text
            for line in _complete_lines(src):
                if line.startswith("["):
                    row = json.loads(line)
                    if len(row) != 8:
                        raise ValueError(f"a request row has {len(row)} fields, not 8")
                    yield "row", row
                else:
                    item = json.loads(line)
                    if "error" in item:
                        yield "error", item["error"]
                    else:
                        yield "info", RunInfo.from_dict(item["info"])
    except (OSError, ValueError, zlib.error, TypeError, KeyError) as err:
        raise BadInput(
            f"{str(path)!r} is not an unjam results file (written by unjam load --output): {err}"
        ) from None


def _complete_lines(src: IO[str]) -> Iterator[str]:
    """The file's lines; a truncated gzip stream (a killed run) ends them quietly."""
    try:
        for line in src:
            if line.endswith("\n"):
                yield line
    except EOFError:
        return
