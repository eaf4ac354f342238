"""Files → `ModuleSummary`s: read, hash (blake2b of the bytes), parse with `ast`, summarise.

Runs in worker processes when many files need parsing (parsing dominates a cold run and is
embarrassingly parallel); a file that does not parse, or whose summary fails for any reason,
comes back as a one-line reason instead of a summary — never an exception.

Two implementations, one contract. The Python one here (`read_one` → `summarize.py`) is the
reference: it defines every summary and every error message. The optional `unjam_native`
extension (native/, Rust, ruff's parser, threads without the GIL) computes the same rows
several times faster, because CPython's `ast.parse` alone costs more than the whole budget
of a cold run on a large tree. Its rows must equal the Python ones exactly (tests/
test_check_native.py, benchmarks/check_native_parity.py); for any file where it cannot be
sure — not UTF-8, a BOM or coding declaration, a syntax error, syntax newer than the target
version — it returns `None` as the summary and the file is redone here, which also gives
CPython's own error message. Without the extension, or with `UNJAM_NATIVE=0`, only the
Python path runs.

The extension reads files as the target version (`target.py`: what the project supports,
which may be newer than this Python); the Python path can read only this Python's syntax, and
says so in the reason of a file it cannot parse when the target is newer.
"""

from __future__ import annotations

import ast
import gc
import hashlib
import marshal
import os
import sys
import warnings
from collections.abc import Callable

from unjam.analysis.summary import ModuleSummary, to_plain

# Imported where they are used: with the native extension, a cold run needs neither the
# Python summariser nor a process pool (~10 ms of imports at every start).

PARALLEL_THRESHOLD = 200  # fewer files: forking costs more than it saves


def content_hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def summarize_bytes(
    data: bytes, is_package: bool, target: tuple[int, int] | None = None
) -> ModuleSummary | str:
    """A summary, or the one-line reason the file could not be analysed (`target`: the
    version the project's files are read as, when newer than this Python)."""
    from unjam.analysis.summarize import summarize

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning for invalid escapes etc.
            tree = ast.parse(data)
    except SyntaxError as err:
        reason = _syntax_error(err)
        if target is not None and target > sys.version_info[:2]:
            reason += f"{_running()}{NEWER_SYNTAX_HINT}"
        return reason
    except (ValueError, UnicodeError) as err:
        return f"cannot read as Python source: {err}"
    except RecursionError:
        return "too deeply nested for Python's parser"
    except MemoryError:
        return "too large to parse"
    try:
        return summarize(tree, is_package)
    except SyntaxError as err:  # one CPython's compiler rejects though its parser does not
        return _syntax_error(err)
    except RecursionError:
        return "internal error: expression nesting too deep"
    except Exception as err:  # contain: one odd file never aborts the run
        return f"internal error: {type(err).__name__}: {err}"


def _syntax_error(err: SyntaxError) -> str:
    line = f" (line {err.lineno})" if err.lineno else ""
    return f"syntax error: {err.msg}{line}"


# Said of a file this Python cannot parse when the project may use newer syntax.
NEWER_SYNTAX_HINT = (
    "; if it is newer syntax (PEP 695 generics, `except A, B:`, ...), unjam reads it with its "
    "native extension (built by `make` when cargo is present) or under a newer Python"
)


def _running() -> str:
    return f" under Python {sys.version_info[0]}.{sys.version_info[1]}"


def read_one(
    path: str, target: tuple[int, int] | None = None
) -> tuple[str, int, int, str, tuple | str]:
    """(path, mtime_ns, size, content hash, plain summary or the reason there is none)."""
    try:
        st = os.stat(path)
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as err:
        return path, 0, 0, "", f"cannot read: {err.strerror or err}"
    is_package = os.path.basename(path) == "__init__.py"
    summary = summarize_bytes(data, is_package, target)
    plain = to_plain(summary) if isinstance(summary, ModuleSummary) else summary
    return path, st.st_mtime_ns, st.st_size, content_hash(data), plain


def _read_many(
    paths: list[str], target: tuple[int, int] | None = None
) -> list[tuple[str, int, int, str, tuple | str]]:
    enabled = gc.isenabled()
    gc.disable()  # ASTs are acyclic: collecting while building them is pure overhead
    try:
        return [read_one(p, target) for p in paths]
    finally:
        if enabled:
            gc.enable()


def _read_many_marshalled(paths: list[str], target: tuple[int, int] | None = None) -> bytes:
    # one bytes object crosses the process boundary
    return marshal.dumps(_read_many(paths, target))


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


# The row layout this summariser reads from the extension (native/src/lib.rs SUMMARY_FORMAT):
# an extension built from older sources (a pull without `make`) hands back rows of another
# shape, so it is not used, and the user is told once to rebuild it.
# 3: "param …" guard rows; 4: of every parameter; 5: "param has"; 6: "except" guards;
# 7: the module's value names; 8: what a function changes in place; 9: "done" guards;
# 10: what a function iterates; 11, 12: "cached" guards of `and` tests; 13: `after_yield`
# (the lines after a `yield` on its path) instead of the first `yield`'s line; 14: the key
# of a "not in" guard; 16: `if hasattr(x, "a"): return …` as a "cached" guard; 18: the calls
# in an operand of a value's `and`/`or` (`store or Store()`) under the tests before it; 19:
# those in a conditional expression's branches under its test or its negation; 20: nothing
# after an unconditional `return`/`raise`/`continue`/`break`, `X == ""` and `if X is not
# None: return` guards, `after_yield` with the handlers of a `try` its `yield` opens, the
# body of `if False:` left out, loops over a parameter, `not (a and b)` facts, `ifexp` tests;
# 21: the calls whose value a statement drops; 22: no cached guard for `if X is not None and
# flag: return X` (a switch beside the held value); 23: `len(X) == 0` / `not len(X)` guards as
# `not X`; 24: the body of `while not q.empty():` under that test; 25: `if reload:` under the
# "X is unset" tests of the one test bound to `reload`; 26: 64 items kept of a literal, not 16;
# 27: a binding before the test no longer hides it; 28: an f-string's text before its first
# placeholder (`f"/proc/{pid}"` as `"/proc/" + …`), or its constant when it has none; 29:
# `if X != key:` whose body sets X as a "not in" guard of X; 30: an f-string keeps the refs
# of the values it formats (`("fmt", refs)`); 31: and the text around each placeholder when
# every one renders as `str()` does (`("fmt", refs, pieces)`); 32: the `else` of `if X is not
# None:` / `if X:` (X a name, not a parameter) that fills nothing, as an "unset" guard of X;
# 38: the body of `if False and …:` left out
# 39: an early return of an item of an item of the held value (`return cache[key][0]`)
# 40: `X is None or now > X` (also `not X or …`): the ordering comparison of X, a stamp, as the
# guard's `returned` ("binop", "Gt", left, right), not a call value that drops the guards
# 41: `if X.get(key):` / `if X.get(key) is not None:` whose `else` fills `X[key]`, a "not in"
# guard of X with that key
# 42: in such an `or`, an ordering comparison of a local that reads the time (`age_hours =
# (time.monotonic() - self._at) / 3600`) is a stamp too, not a call value
# 43: a module-level import an `except` handler makes of a name the `try` imported is a
# fallback (`ModuleSummary.fallback_imports`), not the binding
# 44: an `if` that ends a `with` block guards what follows the block (`with lock: if key in
# keys: return keys[key]`) as one of the block's own level does
# 48: `if X and Y: return` of names and fields as a "done" guard of X
# 49: an early return ending a `try` that ends the `if` (`try: c.ping(); return c`) is a cache hit
# 50: FuncDef.load_steps, the imports and calls by name a module body or sync def runs
# 51: `try: return X[key]` / `except KeyError: pass`: what follows the `try` runs on a miss
# 52: the `else` of `if os.path.exists(p):` (and the rest of a block it exits) as a "not" guard
# 53: a class's own annotations (`ClassDef.annotations`)
# 54: `p.startswith("prefix")` tests of a parameter ("param starts" / "param starts not")
# 55: a name a nested function declares `nonlocal` is bound in the enclosing function's locals
# 56: a method's tests of its own attributes (`if self.process:`) as "param …" guard rows
# 57: a method's `self.x: T = …` annotation in its local annotations, as "self.x"
# 58–59: `name == "text"` tests of non-parameters ("local ==" / "local !="), and
# `isinstance(p, C)` of a parameter ("param isinstance" / "param not isinstance")
# 60: `if key in X: return` whose rest fills `X[…]` as a "not in" guard of X
# 61: `p in / not in (…constants)` tests of a parameter ("param in" / "param not in")
# 62: tests of an upper-case name that is no parameter ("flag true" / "flag false")
# 63: `isinstance(name, C)` of a non-parameter ("local isinstance" / "local not isinstance")
# 64: `type(p) is C` tests, also through `t = type(p)` ("param type is" / "param type is not")
# 65: no file-test guard after `if p.exists(): raise …` (only after a `return`, `continue`…)
# 67: `p == NAME` / `p != NAME` (`is`, `is not`) of an upper-case name as "param ==" … guards
# 68: `p == Enum.MEMBER.value` (an enum member's value) as a "param ==" … guard
# 69: the lambdas of a function's parameter defaults, functions of the enclosing scope
# 70: a `for` loop's name over a tuple or list of string literals holds each of them
# 71: a constant compared by value across bool, int and float (`!= 1` is `!= 1.0`), as Python does
# 72: `FuncDef.item_stores`, each subscript target's container, key and value
# 73: tests of an attribute of a parameter other than `self` (`if config.screenshot:`), and
#     `p.startswith(("http://", "https://"))` of a tuple of strings
NATIVE_FORMAT = 73
_told_stale = False


def native_module():
    """`unjam_native`, unless it is not installed, was built for another row layout, or
    `UNJAM_NATIVE=0` asks for Python only."""
    global _told_stale
    if os.environ.get("UNJAM_NATIVE", "1") == "0":
        return None
    try:
        import unjam_native
    except ImportError:
        return None
    if getattr(unjam_native, "SUMMARY_FORMAT", None) != NATIVE_FORMAT:
        if not _told_stale:
            _told_stale = True
            print(
                "unjam: note: the native parser was built from older sources; using the "
                "Python parser (run `make` to rebuild it)",
                file=sys.stderr,
            )
        return None
    return unjam_native


# Files per chunk the extension hands back: the caller converts (and links) each chunk while
# the threads summarise the next ones, so only the first chunk is waited for and only the
# last one's conversion is left at the end. On litellm (3,021 files), 16 instead of 64 took
# 2-3% off a cold run (interleaved runs); 8 gained nothing more.
NATIVE_CHUNK = 16

Rows = list[tuple[str, int, int, str, tuple | str]]
OnRows = Callable[[Rows], None]


def _loads(blob: bytes) -> list:
    enabled = gc.isenabled()
    gc.disable()  # tens of thousands of tuples: collecting while loading them is pure overhead
    try:
        return marshal.loads(blob)
    finally:
        if enabled:
            gc.enable()


def _read_native(
    native,
    paths: list[str],
    jobs: int | None,
    blobs: list[bytes] | None,
    on_rows: OnRows | None,
    target: tuple[int, int],
) -> Rows:
    """Rows from the extension, in threads (no forking, so any file count is worth it),
    chunk by chunk: the files it hands back (`None` summary) are redone by `read_one`. The
    rows of the first files only (maybe none) if the extension failed part way."""
    threads = max(1, min(jobs if jobs is not None else usable_cpus(), len(paths)))
    rows: Rows = []
    try:
        chunks = native.summarize_chunks(paths, threads, target, NATIVE_CHUNK)
    except Exception:  # e.g. a path that is not valid UTF-8: Python reads everything
        return rows
    while True:
        try:
            blob = next(chunks, None)
            part = _loads(blob) if blob is not None else None
        except Exception:  # the extension failed part way: Python reads the rest
            break
        if part is None:
            break
        redo = [i for i, row in enumerate(part) if row[4] is None]
        redone = [_explain(native, row, target) for row in _read_many([part[i][0] for i in redo])]
        for i, row in zip(redo, redone, strict=True):
            part[i] = row
        if blobs is not None:
            blobs.append(blob)
            if redone:  # the cache reads blobs in order: these rows replace the `None` ones
                blobs.append(marshal.dumps(redone))
        if on_rows is not None:
            on_rows(part)
        rows.extend(part)
    return rows


# The extension's reasons for declining a file that CPython rejects too, whatever its version.
_CPYTHON_TOO = frozenset(
    {
        "syntax error",
        "syntax newer than the target Python",
        "NUL byte",
        "not UTF-8",
        "not a module",
        "deep nesting",
        "deep indentation",
        "f-string CPython rejects",
    }
)


# in the reason of a file the target Python may compile though this one cannot (`_explain`):
# newer syntax, not the project's error
LEFT_TO_PYTHON = "unjam's native parser leaves this file to Python"
# what the extension declines before parsing: the file's validity at the target is not known
_BEFORE_PARSING = frozenset({"BOM", "coding declaration", "tab in indentation"})


def _explain(native, row: tuple, target: tuple[int, int]) -> tuple:
    """A row Python could not parse, with the reason naming newer syntax when the extension
    parsed the file at the target version but declined to summarise it (a construct only
    CPython's own tree gives exactly; `decline_reason` says which), or saying that the
    file's validity at the target is not known when the extension declined it unread (a
    BOM, tabs and spaces both in the indentation)."""
    reason = row[4]
    if not (isinstance(reason, str) and reason.startswith("syntax error")):
        return row
    if target <= sys.version_info[:2]:
        return row
    try:
        why = native.decline_reason(row[0], target)
    except Exception:
        return row
    if why is None or why in _CPYTHON_TOO:
        return row
    version = f"{target[0]}.{target[1]}"
    if why in _BEFORE_PARSING:
        explained = (
            f"{reason}{_running()}; {LEFT_TO_PYTHON} ({why}), so whether it is valid Python "
            f"{version} is not known: run unjam under Python {version} to analyse it"
        )
    else:
        explained = (
            f"{reason}{_running()}; it is valid Python {version}, but {LEFT_TO_PYTHON} "
            f"({why}): run unjam under Python {version} to analyse it"
        )
    return (*row[:4], explained)


def read_all(
    paths: list[str],
    jobs: int | None = None,
    blobs: list[bytes] | None = None,
    on_rows: OnRows | None = None,
    target: tuple[int, int] | None = None,
) -> Rows:
    """Read and summarise `paths`; summaries come back in their plain (marshal) form, in the
    order of `paths`. With worker processes or the native extension, the marshalled chunks
    they produced are appended to `blobs` (the cache stores them as they are). `on_rows`
    gets every row once, in input order, a chunk at a time as soon as it is read: with the
    extension, the caller works on one chunk while its threads summarise the next ones.
    `target`: the Python version to read files as (default: this one's)."""
    native = native_module()
    target = max(target or sys.version_info[:2], sys.version_info[:2])
    if native is not None and paths:
        rows = _read_native(native, paths, jobs, blobs, on_rows, target)
        if len(rows) == len(paths):
            return rows
        return rows + _read_python(paths[len(rows) :], jobs, blobs, on_rows, target)
    return _read_python(paths, jobs, blobs, on_rows, target)


def _read_python(
    paths: list[str],
    jobs: int | None,
    blobs: list[bytes] | None,
    on_rows: OnRows | None,
    target: tuple[int, int],
) -> Rows:
    workers = worker_count(len(paths), jobs)
    rows: Rows | None = None
    if workers >= 2:
        rows = _read_in_processes(paths, workers, blobs, on_rows, target)
    if rows is None:  # one process, or no worker processes available (sandbox, frozen app)
        rows = _read_many(paths, target)
        if on_rows is not None:
            on_rows(rows)
    return rows


def _read_in_processes(
    paths: list[str],
    workers: int,
    blobs: list[bytes] | None,
    on_rows: OnRows | None,
    target: tuple[int, int],
) -> Rows | None:
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial
    from multiprocessing import get_context

    method = "fork" if sys.platform == "linux" else None
    by_path: dict[str, tuple] = {}
    parts = []
    try:
        ctx = get_context(method)
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
            read = partial(_read_many_marshalled, target=target)
            for part in pool.map(read, _chunks(paths, workers)):
                parts.append(part)
                for row in marshal.loads(part):
                    by_path[row[0]] = row
    except Exception:
        return None
    if blobs is not None:
        blobs.extend(parts)
    rows = [by_path[p] for p in paths]
    if on_rows is not None:
        on_rows(rows)
    return rows
