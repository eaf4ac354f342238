"""Stack samples of the loop thread, and the rule that turns them into a stall (or not).

A loop-lag monitor sees only "the heartbeat was late". Lateness has two causes that look the
same from the outside: one callback that never yields (a stall, worth a report) and a busy
loop running many short callbacks (healthy saturation, not worth one). The samples tell them
apart: while the beat is overdue the watchdog grabs the loop thread's frames every few ms. A
stall shows the *same callback* on every sample — the same root frame object (the first frame
below the loop's own dispatch frames) — while a busy loop shows a succession of different
ones. Frames are compared by identity, never by name: two requests to the same endpoint have
equal names but different frame objects.

Which frame is the user's (and which known library cost a stack shows) is decided in
`blame.py`; samples taken while the probe's own code runs on the loop (its heartbeat, the
middleware's bookkeeping) are dropped here, so the probe is never a stall's cause.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from types import CodeType, FrameType

from unjam.probe.blame import KnownCause, frame_kind, is_user_path, known_cause


def is_user_file(filename: str) -> bool:
    """True for the application's own files (not stdlib, site-packages, unjam, <frozen>)."""
    return is_user_path(filename)


Sample = tuple[float, tuple[tuple[FrameType, int], ...]]
"""(monotonic time, ((frame, line at sample time), ... outermost first))."""


IDLE: tuple[tuple[FrameType, int], ...] = ()
"""The chain of a sample taken while the loop waits for I/O: no callback is running."""


def _selector_codes() -> frozenset[CodeType]:
    """The `select` methods of the stdlib selectors: an asyncio loop waiting for I/O."""
    import selectors

    codes = set()
    for value in vars(selectors).values():
        select = getattr(value, "select", None) if isinstance(value, type) else None
        if select is not None and hasattr(select, "__code__"):
            codes.add(select.__code__)
    return frozenset(codes)


_IDLE_CODES = _selector_codes()


def take_sample(thread_id: int, dispatch_codes: frozenset[CodeType], now: float) -> Sample | None:
    """The loop thread's frames below the loop's dispatch frames, outermost first.

    The chain is `IDLE` when the loop waits for I/O (a callback has ended), and there is no
    sample at all while the probe's own code runs (its heartbeat, its bookkeeping): the probe
    is never a stall's cause.
    """
    frame = sys._current_frames().get(thread_id)
    if frame is None or frame_kind(frame.f_code.co_filename) == "probe":
        return None
    if frame.f_code in _IDLE_CODES:
        return now, IDLE
    chain = []
    while frame is not None:
        if frame.f_code in dispatch_codes:
            break
        chain.append((frame, frame.f_lineno or 0))
        frame = frame.f_back
    if not chain:
        return now, IDLE  # uvloop waiting in C, or the loop's own machinery between callbacks
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
    cause: KnownCause | None = None  # the known library cost at least half the samples show


def _innermost_user(chain: tuple[tuple[FrameType, int], ...]) -> tuple[FrameType, int] | None:
    for frame, line in reversed(chain):
        if is_user_file(frame.f_code.co_filename):
            return frame, line
    return None


def ends_run(run: list[Sample], sample: Sample) -> bool:
    """True if `sample` shows that the callback of `run` has ended: the loop is idle, or
    another callback (another root frame) runs."""
    chain = sample[1]
    return bool(run) and (not chain or chain[0][0] is not run[0][1][0][0])


def prove_block(run: list[Sample], duration: float, threshold: float) -> StallEvidence | None:
    """What `run` (samples of one callback) shows, if it proves a block of `threshold` or more.

    Proof is a `duration` of at least `threshold` and ≥ 2 samples spanning at least half
    of it: a single sample, or two close together, may be a busy loop caught by chance.
    """
    if duration < threshold or len(run) < 2 or run[-1][0] - run[0][0] < threshold / 2.0:
        return None
    return evidence_of(run)


def evidence_of(run: list[Sample]) -> StallEvidence:
    """What one run of samples sharing a root shows (≥ 1 sample; see `prove_block`).

    The blocking line is the (code, line) of the innermost user frame most samples show —
    robust to a sample or two taken just after the slow call returned.
    """
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
    else:  # no user frame: the innermost frame every sample shares, never the probe's
        last = run[-1][1]
        shared = [hit for hit in common if frame_kind(hit[0].f_code.co_filename) != "probe"]
        blocking = shared[-1] if shared else last[-1]
    return StallEvidence(
        samples=len(run),
        common=common,
        last=last,
        blocking=blocking,
        root=run[0][1][0][0],
        cause=_main_cause(run),
    )


def _main_cause(run: list[Sample]) -> KnownCause | None:
    """The known library cost (`blame.known_cause`) shown by at least half the samples.

    Voted over the samples, not read from one: the first call into a library can spend a
    moment importing a module (a cause of its own) before the cost that dominates.
    """
    votes: dict[str, int] = {}
    found: dict[str, KnownCause] = {}
    for _, chain in run:
        inner = []  # the frames inside the innermost user (or probe) frame, innermost first
        for frame, line in reversed(chain):
            inner.append(frame_dict(frame, line))
            if frame_kind(frame.f_code.co_filename) in ("user", "probe"):
                break
        cause = known_cause(inner[::-1])
        if cause is not None:
            votes[cause.kind] = votes.get(cause.kind, 0) + 1
            found.setdefault(cause.kind, cause)
    if not votes:
        return None
    kind = max(votes, key=votes.__getitem__)
    return found[kind] if votes[kind] * 2 >= len(run) else None


_absolute: dict[str, str] = {}


def frame_dict(frame: FrameType, line: int) -> dict[str, object]:
    """A frame as the snapshot shows it. Paths are made absolute once per file, so the
    stall records kept share one string per file instead of one per frame."""
    code = frame.f_code
    path = code.co_filename
    absolute = _absolute.get(path)
    if absolute is None:
        absolute = os.path.abspath(path) if path[:1] != "<" else path
        if len(_absolute) < 10_000:
            _absolute[path] = absolute
    return {
        "path": absolute,
        "line": int(line),
        "function": getattr(code, "co_qualname", code.co_name),
    }
