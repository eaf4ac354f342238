"""Stack samples of the loop thread, and the rule that turns them into a stall (or not).

A loop-lag monitor sees only "the heartbeat was late". Lateness has two causes that look the
same from the outside: one callback that never yields (a stall, worth a report) and a busy
loop running many short callbacks (healthy saturation, not worth one). The samples tell them
apart: while the beat is overdue the watchdog grabs the loop thread's frames every few ms. A
stall shows the *same callback* on every sample — the same root frame object (the first frame
below the loop's own dispatch frames) — while a busy loop shows a succession of different
ones. Frames are compared by identity, never by name: two requests to the same endpoint have
equal names but different frame objects.

"User code" is any file outside the standard library, site-packages and unjam itself; the
blocking line reported is the innermost user frame common to all samples.
"""

from __future__ import annotations

import os
import sys
import sysconfig
from dataclasses import dataclass
from types import CodeType, FrameType

_UNJAM_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def _library_prefixes() -> tuple[str, ...]:
    prefixes = {_UNJAM_DIR}
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
_user_code_cache: dict[str, bool] = {}


def is_user_file(filename: str) -> bool:
    """True for the application's own files (not stdlib, site-packages, unjam, <frozen>)."""
    cached = _user_code_cache.get(filename)
    if cached is not None:
        return cached
    if filename.startswith("<") or not filename:
        result = False
    else:
        path = os.path.abspath(filename)
        result = not (
            path.startswith(_LIBRARY_PREFIXES)
            or os.sep + "site-packages" + os.sep in path
            or os.sep + "dist-packages" + os.sep in path
        )
    if len(_user_code_cache) < 10_000:
        _user_code_cache[filename] = result
    return result


Sample = tuple[float, tuple[tuple[FrameType, int], ...]]
"""(monotonic time, ((frame, line at sample time), ... outermost first))."""


def take_sample(thread_id: int, dispatch_codes: frozenset[CodeType], now: float) -> Sample | None:
    """The loop thread's frames below the loop's dispatch frames, outermost first."""
    frame = sys._current_frames().get(thread_id)
    chain = []
    while frame is not None:
        if frame.f_code in dispatch_codes:
            break
        chain.append((frame, frame.f_lineno or 0))
        frame = frame.f_back
    if not chain:
        return None  # the loop is idle (in select/epoll) or inside its own machinery
    chain.reverse()
    return now, tuple(chain)


def _known_dispatch_codes() -> frozenset[CodeType]:
    """The stdlib frames that run a loop's callbacks, known before the first heartbeat."""
    import asyncio.base_events
    import asyncio.events
    import asyncio.runners

    candidates = [
        asyncio.events.Handle._run,
        asyncio.base_events.BaseEventLoop._run_once,
        asyncio.base_events.BaseEventLoop.run_forever,
        asyncio.base_events.BaseEventLoop.run_until_complete,
        asyncio.runners.run,
    ]
    runner = getattr(asyncio.runners, "Runner", None)
    if runner is not None:
        candidates.append(runner.run)
    return frozenset(c.__code__ for c in candidates if hasattr(c, "__code__"))


KNOWN_DISPATCH_CODES = _known_dispatch_codes()


def dispatch_codes_of(frame: FrameType | None) -> frozenset[CodeType]:
    """Code objects of the frames that call a loop callback (run_forever, _run_once, ...)."""
    codes = set(KNOWN_DISPATCH_CODES)
    while frame is not None:
        codes.add(frame.f_code)
        frame = frame.f_back
    return frozenset(codes)


@dataclass
class StallEvidence:
    """What the samples prove: one callback held the loop; where it spent the time."""

    samples: int
    common: list[tuple[FrameType, int]]  # frames present (by identity) in every sample
    last: tuple[tuple[FrameType, int], ...]  # the representative sample, outermost first
    blocking: tuple[FrameType, int]  # the innermost user frame most samples agree on
    root: FrameType  # the callback's outermost frame, shared by every sample of the run


def _innermost_user(chain: tuple[tuple[FrameType, int], ...]) -> tuple[FrameType, int] | None:
    for frame, line in reversed(chain):
        if is_user_file(frame.f_code.co_filename):
            return frame, line
    return None


def continuous_run(samples: list[Sample], min_span: float = 0.0) -> StallEvidence | None:
    """The longest run of consecutive samples sharing one root frame, if it proves a block.

    Proof is ≥ 2 samples spanning at least `min_span` seconds: a single sample, or two
    close together, may be a busy loop caught by chance. The run need not be the last one:
    after the blocking call returns, other ready callbacks (a closed connection, a write)
    can run before the heartbeat does. Within the run, the blocking line is the (code,
    line) of the innermost user frame most samples show — robust to a sample or two taken
    just after the slow call returned.
    """
    if len(samples) < 2:
        return None
    best: list[Sample] = []
    current: list[Sample] = []
    for sample in samples:
        if current and sample[1][0][0] is not current[0][1][0][0]:
            current = []
        current.append(sample)
        if current[-1][0] - current[0][0] >= (best[-1][0] - best[0][0] if best else -1.0):
            best = list(current) if current is not best else best
    run = best
    if len(run) < 2 or run[-1][0] - run[0][0] < min_span:
        return None
    common: list[tuple[FrameType, int]] = []
    first = run[0][1]
    for depth, (frame, line) in enumerate(first):
        if all(len(s[1]) > depth and s[1][depth][0] is frame for s in run):
            common.append((frame, line))
        else:
            break
    votes: dict[tuple[CodeType, int], int] = {}
    where: dict[tuple[CodeType, int], tuple[int, tuple[FrameType, int]]] = {}
    for index, (_, chain) in enumerate(run):
        hit = _innermost_user(chain)
        if hit is None:
            continue
        key = (hit[0].f_code, hit[1])
        votes[key] = votes.get(key, 0) + 1
        where[key] = (index, hit)
    if votes:
        best = max(votes, key=lambda k: (votes[k], where[k][0]))
        index, blocking = where[best]
        last = run[index][1]
    else:
        last = run[-1][1]
        blocking = common[-1] if common else last[-1]
    return StallEvidence(
        samples=len(run), common=common, last=last, blocking=blocking, root=run[0][1][0][0]
    )


def frame_dict(frame: FrameType, line: int) -> dict[str, object]:
    code = frame.f_code
    path = code.co_filename
    return {
        "path": os.path.abspath(path) if path[:1] != "<" else path,
        "line": int(line),
        "function": getattr(code, "co_qualname", code.co_name),
    }
