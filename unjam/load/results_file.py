"""The results file `unjam load --output FILE` writes and `unjam report FILE` reads.

Format: gzip-compressed JSON lines, so `zcat FILE | head` and `jq` work on it.

* line 1 — the header: `{"unjam_results": 1, "info": {...run settings and self-check...},
  "errors": ["<transport error text>", ...]}`
* every next line — one request:
  `[target, intended_ns, sent_ns, done_ns, status, bytes_in, bytes_out, error]`
  times in nanoseconds since the attack start, `target` an index into `info.targets`,
  `status` 0 for a transport error whose text is `errors[error]` (`error` is -1 otherwise).

Everything a report shows is recomputed from these rows, so `unjam report` prints the same
numbers as the run did, in any format.
"""

from __future__ import annotations

import gzip
import json
import zlib
from pathlib import Path

from unjam.errors import BadInput
from unjam.load.result import LoadResult, RunInfo
from unjam.load.samples import Samples

VERSION = 1


def write_results(result: LoadResult, path: str | Path) -> None:
    s = result.samples
    header = {"unjam_results": VERSION, "info": result.info.to_dict(), "errors": s.errors}
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=6) as out:
        out.write(json.dumps(header) + "\n")
        rows = zip(
            s.target,
            s.intended,
            s.sent,
            s.done,
            s.status,
            s.bytes_in,
            s.bytes_out,
            s.error,
            strict=True,
        )
        out.writelines(
            f"[{t},{i},{se},{d},{st},{bi},{bo},{e}]\n" for t, i, se, d, st, bi, bo, e in rows
        )


def read_results(path: str | Path) -> LoadResult:
    """Load a results file; `BadInput` (exit 3) if it is missing or not ours."""
    path = Path(path)
    if not path.exists():
        raise BadInput(f"results file {str(path)!r} does not exist")
    samples = Samples()
    try:
        with gzip.open(path, "rt", encoding="utf-8") as src:
            header = json.loads(src.readline())
            if not isinstance(header, dict) or header.get("unjam_results") != VERSION:
                raise ValueError("no unjam results header")
            samples.errors = list(header.get("errors", []))
            append = (
                samples.target.append,
                samples.intended.append,
                samples.sent.append,
                samples.done.append,
                samples.status.append,
                samples.bytes_in.append,
                samples.bytes_out.append,
                samples.error.append,
            )
            for line in src:
                for add, value in zip(append, json.loads(line), strict=True):
                    add(value)
    except (OSError, EOFError, ValueError, zlib.error, TypeError) as err:
        raise BadInput(
            f"{str(path)!r} is not an unjam results file (written by unjam load --output): {err}"
        ) from None
    return LoadResult(samples, RunInfo.from_dict(header.get("info", {})))
