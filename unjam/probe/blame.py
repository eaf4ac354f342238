"""Whose frame is it, and is the time spent in a library one of the causes we know?

A stall's headline must be a line the user can change: the innermost frame of the user's own
project, never the standard library (`threading.py Condition.wait`), a frozen module
(`<frozen codecs>`), generated code (`<string>`, as SQLAlchemy compiles), an installed
package, or unjam — least of all the probe, whose heartbeat runs on the very loop it watches.
The library frames stay in the stack; when they show one of the library-internal costs that
users meet again and again, `known_cause` names it with its own explanation and fix, because
the generic "move the blocking call off the loop" does not fit them.

Everything here works on frames as plain dicts (`path`, `line`, `function`), the shape of the
probe's snapshot, so the doctor classifies stacks read from JSON with the same rules the
probe applies to live frames.
"""

from __future__ import annotations

import os
import re
import sys
import sysconfig
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

_UNJAM_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_PROBE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
# Another interpreter's standard library (the app may run under a different Python).
_OTHER_STDLIB = re.compile(r"[/\\]lib[/\\](python|pypy)\d[\d.]*[/\\]")


def _library_prefixes() -> tuple[str, ...]:
    prefixes = set()
    for name in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(name)
        if path:
            prefixes.add(os.path.realpath(path) + os.sep)
            prefixes.add(os.path.abspath(path) + os.sep)
    for path in sys.path:
        if path.endswith(("site-packages", "dist-packages")):
            prefixes.add(os.path.abspath(path) + os.sep)
    return tuple(sorted(prefixes))


_LIBRARY_PREFIXES = _library_prefixes()
_kind_cache: dict[str, str] = {}

USER = "user"
KINDS = ("user", "library", "stdlib", "frozen", "generated", "unjam", "probe")


def frame_kind(path: str) -> str:
    """What a frame's file is: one of `KINDS`.

    `frozen` is `<frozen ...>`; `generated` is any other `<...>` (`<string>`, exec'd code);
    `probe` is unjam's probe, `unjam` the rest of unjam; `library` is an installed package,
    `stdlib` the interpreter's library (this one's or another version's); `user` the rest.
    """
    cached = _kind_cache.get(path)
    if cached is not None:
        return cached
    kind = _classify(path)
    if len(_kind_cache) < 10_000:
        _kind_cache[path] = kind
    return kind


def _classify(path: str) -> str:
    if not path:
        return "generated"
    if path.startswith("<"):
        return "frozen" if path.startswith("<frozen") else "generated"
    full = os.path.abspath(path)
    if full.startswith(_PROBE_DIR):
        return "probe"
    if full.startswith(_UNJAM_DIR):
        return "unjam"
    if os.sep + "site-packages" + os.sep in full or os.sep + "dist-packages" + os.sep in full:
        return "library"
    if full.startswith(_LIBRARY_PREFIXES) or _OTHER_STDLIB.search(full):
        return "stdlib"
    return USER


def is_user_path(path: str) -> bool:
    """True for a file of the user's own project (see `frame_kind`)."""
    return frame_kind(path) == USER


def user_frame(stack: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The innermost frame of the user's project in `stack` (outermost first), if any."""
    for frame in reversed(stack):
        if is_user_path(str(frame.get("path") or "")):
            return frame
    return None


@dataclass(frozen=True)
class KnownCause:
    """A library-internal cost recognised in a stall's stack, with what to do about it."""

    kind: str  # threadpool_growth | ssl_context | dns | import
    title: str
    explanation: str
    fix: str
    frame: Mapping[str, Any]  # the library frame that shows it

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["frame"] = dict(self.frame)
        return data


_CAUSES: dict[str, tuple[str, str, str]] = {
    "threadpool_growth": (
        "thread-pool growth",
        "anyio started a new worker thread for the thread pool, and `Thread.start` waits on "
        "the event loop until the thread runs; the pool grows one thread at a time (up to its "
        "token count) as concurrent sync calls arrive.",
        "Start the pool's threads at start-up (in the lifespan, run as many no-op "
        "`anyio.to_thread.run_sync` calls at once as you expect concurrent sync calls), so "
        "requests never pay for a new thread.",
    ),
    "ssl_context": (
        "SSL context creation",
        "an SSL context was built on the event loop (loading the CA certificates takes tens "
        "of milliseconds); an `httpx.AsyncClient` or `aiohttp.ClientSession` created per "
        "request builds a new one every time.",
        "Create the client once (in the lifespan or at module level) and reuse it for every "
        "request; it is already async, the cost is building it.",
    ),
    "dns": (
        "DNS resolution on the loop",
        "a synchronous host-name lookup (`socket.getaddrinfo`) ran on the event loop: a sync "
        "client or a blocking `connect` resolves the name before connecting.",
        "Use an async client, which resolves in a worker thread (`loop.getaddrinfo`), and "
        "keep its connection pool for the app's lifetime.",
    ),
    "import": (
        "import at first use",
        "a module was imported inside the request, so the first request to get here paid "
        "for loading it (and everything it imports).",
        "Import the module at the top of the file (at start-up), not inside the function.",
    ),
}

_SSL_FUNCTIONS = frozenset(
    {
        "create_default_context",
        "SSLContext.load_verify_locations",
        "SSLContext.load_default_certs",
        "SSLContext.set_default_verify_paths",
        "SSLContext.__new__",
        "_create_unverified_context",
    }
)
_DNS_FUNCTIONS = frozenset({"getaddrinfo", "gethostbyname", "gethostbyname_ex", "getfqdn"})
_IMPORT_FUNCTIONS = frozenset({"_find_and_load", "_load_unlocked", "import_module", "_gcd_import"})


def _cause_of(frame: Mapping[str, Any]) -> str | None:
    path = str(frame.get("path") or "").replace("\\", "/")
    function = str(frame.get("function") or "")
    base = path.rsplit("/", 1)[-1]
    if base == "threading.py" and function == "Thread.start":
        return "threadpool_growth"
    if (base == "ssl.py" and function in _SSL_FUNCTIONS) or "ssl_context" in function:
        return "ssl_context"
    if base == "socket.py" and function in _DNS_FUNCTIONS:
        return "dns"
    if function in _IMPORT_FUNCTIONS and (
        path.startswith("<frozen importlib") or path.endswith("importlib/__init__.py")
    ):
        return "import"
    return None


def known_cause(stack: Sequence[Mapping[str, Any]]) -> KnownCause | None:
    """The known library-internal cause `stack` (outermost first) shows, if any.

    Walks outward from the innermost frame and stops at the first frame of the user's code
    or of the probe: a known cost counts only when the library was running it on the
    user's behalf, not when the user's own line is the innermost one.
    """
    for frame in reversed(stack):
        kind = frame_kind(str(frame.get("path") or ""))
        if kind in (USER, "probe"):
            return None  # reached the user's own code (or the probe) first: nothing known
        cause = _cause_of(frame)
        if cause is not None:
            title, explanation, fix = _CAUSES[cause]
            return KnownCause(cause, title, explanation, fix, frame)
    return None
