"""Files → `ModuleSummary`s: read, hash (blake2b of the bytes), parse with `ast`, summarise.

Runs in worker processes when many files need parsing (parsing dominates a cold run and is
embarrassingly parallel); a file that does not parse, or whose summary fails for any reason,
comes back as a one-line reason instead of a summary — never an exception.
"""

from __future__ import annotations

import ast
import gc
import hashlib
import marshal
import os
import sys
import warnings
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

from unjam.analysis.summarize import summarize
from unjam.analysis.summary import ModuleSummary, to_plain

PARALLEL_THRESHOLD = 200  # fewer files: forking costs more than it saves


def content_hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def summarize_bytes(data: bytes, is_package: bool) -> ModuleSummary | str:
    """A summary, or the one-line reason the file could not be analysed."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning for invalid escapes etc.
            tree = ast.parse(data)
    except SyntaxError as err:
        return f"syntax error: {err.msg} (line {err.lineno})"
    except (ValueError, UnicodeError) as err:
        return f"cannot read as Python source: {err}"
    except RecursionError:
        return "too deeply nested for Python's parser"
    except MemoryError:
        return "too large to parse"
    try:
        return summarize(tree, is_package)
    except RecursionError:
        return "internal error: expression nesting too deep"
    except Exception as err:  # contain: one odd file never aborts the run
        return f"internal error: {type(err).__name__}: {err}"


def read_one(path: str) -> tuple[str, int, int, str, tuple | str]:
    """(path, mtime_ns, size, content hash, plain summary or the reason there is none)."""
    try:
        st = os.stat(path)
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as err:
        return path, 0, 0, "", f"cannot read: {err.strerror or err}"
    is_package = os.path.basename(path) == "__init__.py"
    summary = summarize_bytes(data, is_package)
    plain = to_plain(summary) if isinstance(summary, ModuleSummary) else summary
    return path, st.st_mtime_ns, st.st_size, content_hash(data), plain


def _read_many(paths: list[str]) -> list[tuple[str, int, int, str, tuple | str]]:
    enabled = gc.isenabled()
    gc.disable()  # ASTs are acyclic: collecting while building them is pure overhead
    try:
        return [read_one(p) for p in paths]
    finally:
        if enabled:
            gc.enable()


def _read_many_marshalled(paths: list[str]) -> bytes:
    return marshal.dumps(_read_many(paths))  # one bytes object crosses the process boundary


def worker_count(n_files: int, jobs: int | None = None) -> int:
    """How many worker processes summarise `n_files` files: `jobs` if given (1 = in this
    process), else every core once there are enough files to repay forking.

    The load average is deliberately not consulted: it cannot tell a neighbour that is about
    to finish from one that will not, and the workers get their share of whatever CPU time
    the scheduler gives. The price on a saturated machine is ~10% more CPU in all (the
    summaries cross the process boundary in marshal form); on free cores a cold run's parse
    phase takes about 1/cores of the time. `taskset` / affinity limits are respected.
    """
    if jobs is not None:
        return max(1, min(jobs, n_files or 1))
    if n_files < PARALLEL_THRESHOLD:
        return 1
    return max(1, min(usable_cpus(), n_files // 50 or 1))


def usable_cpus() -> int:
    """Cores this process may run on (`taskset` / cgroup affinity), not the machine's count."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _chunks(paths: list[str], workers: int) -> list[list[str]]:
    """Chunks of similar total size, biggest first, so no worker is left with one huge file
    at the end while the others idle (parse time is roughly proportional to bytes)."""
    sized = []
    for p in paths:
        try:
            sized.append((os.path.getsize(p), p))
        except OSError:
            sized.append((0, p))
    sized.sort(reverse=True)
    total = sum(s for s, _ in sized) or 1
    target = max(total // (workers * 6), 1)
    chunks: list[list[str]] = []
    current: list[str] = []
    weight = 0
    for size, p in sized:
        current.append(p)
        weight += size
        if weight >= target:
            chunks.append(current)
            current, weight = [], 0
    if current:
        chunks.append(current)
    return chunks


def read_all(
    paths: list[str], jobs: int | None = None, blobs: list[bytes] | None = None
) -> list[tuple[str, int, int, str, tuple | str]]:
    """Read and summarise `paths`; summaries come back in their plain (marshal) form, in the
    order of `paths`. With worker processes, the marshalled chunks they sent are appended to
    `blobs` (the cache stores them as they are)."""
    workers = worker_count(len(paths), jobs)
    if workers < 2:
        return _read_many(paths)
    method = "fork" if sys.platform == "linux" else None
    try:
        ctx = get_context(method)
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
            by_path: dict[str, tuple] = {}
            parts = []
            for part in pool.map(_read_many_marshalled, _chunks(paths, workers)):
                parts.append(part)
                for row in marshal.loads(part):
                    by_path[row[0]] = row
        if blobs is not None:
            blobs.extend(parts)
        return [by_path[p] for p in paths]
    except Exception:
        return _read_many(paths)  # no worker processes available (sandbox, frozen app)
