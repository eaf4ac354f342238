"""Heartbeat on the event loop + watchdog thread: detect stalls under uvloop and asyncio alike.

asyncio's debug mode (and tools patching `Handle._run`) cannot see inside uvloop, where
callbacks are dispatched from C. A heartbeat works on any loop: a `call_later` callback that
records how late it ran (the loop lag) and reschedules itself every `threshold / 5`. A
daemon thread watches the beat; once it is overdue it samples the loop thread's stack
(`sys._current_frames()`) every couple of milliseconds until the beat runs again. The
beat's lateness is the stall's duration; the samples (see `stacks.py`) decide whether it was
one callback blocking (a stall) or many short ones (a busy loop, not reported).

The watchdog also samples anyio's default thread limiter at ~10 Hz for the thread-pool
timeline: `CapacityLimiter.statistics()` reads plain attributes and copies the borrower set
in one C call, so reading it from another thread under the GIL is safe.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from types import CodeType
from typing import TYPE_CHECKING, Any

from unjam.probe.stacks import (
    KNOWN_DISPATCH_CODES,
    Sample,
    continuous_run,
    dispatch_codes_of,
    take_sample,
)

if TYPE_CHECKING:
    from unjam.probe.core import Probe

MAX_SAMPLES = 400
SAMPLE_INTERVAL = 0.002
TIMELINE_INTERVAL = 0.1
PERSISTENT_WAIT_SECONDS = 1.0


class Heartbeat:
    """A self-rescheduling callback on `loop`; `state` is read by the watchdog thread."""

    def __init__(self, probe: Probe, loop: asyncio.AbstractEventLoop, interval: float) -> None:
        self.probe = probe
        self.loop = loop
        self.interval = interval
        self.alive = False
        self.handle: asyncio.TimerHandle | None = None
        # Learned from the first beat's callers; until then, the stdlib's known ones.
        self.dispatch_codes: frozenset[CodeType] = KNOWN_DISPATCH_CODES
        self._learned = False
        # (sequence number, monotonic time the next beat is due, last lag in seconds)
        self.state: tuple[int, float, float] = (0, time.monotonic() + interval, 0.0)

    def start(self) -> None:
        self.alive = True
        self.state = (0, time.monotonic() + self.interval, 0.0)
        self.handle = self.loop.call_later(self.interval, self._beat)

    def stop(self) -> None:
        self.alive = False
        handle, self.handle = self.handle, None
        if handle is not None:
            try:
                if self.loop.is_running() or not self.loop.is_closed():
                    self.loop.call_soon_threadsafe(handle.cancel)
            except RuntimeError:
                pass

    def _beat(self) -> None:
        try:
            now = time.monotonic()
            seq, due, _ = self.state
            lag = now - due
            if lag < 0:
                lag = 0.0
            if not self._learned:
                self._learned = True
                self.dispatch_codes = dispatch_codes_of(sys._getframe(1))
            self.probe.loop_lag.record(lag * 1000.0)
            interval = self.interval = self.probe.settings.beat_interval
            if self.alive:
                self.handle = self.loop.call_later(interval, self._beat)
            self.state = (seq + 1, now + interval, lag)
        except Exception as exc:
            self.probe.count_error("heartbeat", exc)
            if self.alive:
                self.handle = self.loop.call_later(self.interval, self._beat)

    def loop_gone(self) -> bool:
        try:
            return (not self.alive) or self.loop.is_closed() or not self.loop.is_running()
        except Exception:
            return True


class Watchdog(threading.Thread):
    def __init__(self, probe: Probe) -> None:
        super().__init__(name="unjam-probe-watchdog", daemon=True)
        self.probe = probe
        self.stopping = threading.Event()
        self._next_timeline = 0.0
        self._waiting_since: float | None = None
        self.sampling = False  # True while an overdue beat is being sampled and judged

    def stop(self) -> None:
        self.stopping.set()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                self._tick()
            except Exception as exc:
                self.probe.count_error("watchdog", exc)
                time.sleep(0.05)

    def _tick(self) -> None:
        probe = self.probe
        if not probe.sample_due and time.perf_counter() >= probe.next_sample_at:
            probe.sample_due = True  # the next request is timed in full (see the middleware)
        beat: Heartbeat | None = probe.heartbeat
        if beat is None or beat.loop_gone():
            time.sleep(0.02)
            return
        early = max(0.002, probe.settings.threshold_ms / 1000.0 * 0.3)
        seq, due, _ = beat.state
        now = time.monotonic()
        self._sample_threadpool(now)
        if now - due < early:
            wait = min(due + early - now, TIMELINE_INTERVAL)
            time.sleep(max(wait, 0.001))
            return
        self.sampling = True
        try:
            self._watch_stall(beat, seq, due)
        finally:
            self.sampling = False

    def _watch_stall(self, beat: Heartbeat, seq: int, due: float) -> None:
        """The beat is overdue: sample the loop thread until it runs again, then judge."""
        probe = self.probe
        thread_id = probe.loop_thread_id
        wall_offset = time.time() - time.monotonic()
        samples: list[Sample] = []
        # root frame id → [request state, middleware frame, phase at the latest sample]
        located: dict[int, list[Any]] = {}
        while not self.stopping.is_set():
            state = beat.state
            if state[0] != seq:
                break
            if beat.loop_gone() or probe.heartbeat is not beat:
                # The loop stopped (a test's loop closing) while overdue: judge what was
                # sampled while it still ran, taking the last sample as the stall's end.
                if samples:
                    self._judge(samples, samples[-1][0] - due, due + wall_offset, located)
                return
            now = time.monotonic()
            if beat.dispatch_codes and thread_id is not None:
                sample = take_sample(thread_id, beat.dispatch_codes, now)
                if sample is not None:
                    samples.append(sample)
                    # Locate the request only for a root seen twice in a row (a possible
                    # block): a busy loop shows a new root on nearly every sample.
                    root_id = id(sample[1][0][0])
                    if len(samples) > 1 and id(samples[-2][1][0][0]) == root_id:
                        entry = located.get(root_id)
                        if entry is None and len(located) < 64:
                            entry = located[root_id] = [*probe.locate_request(sample[1]), None]
                        if entry is not None and entry[0] is not None:
                            entry[2] = entry[0].phase
                    if len(samples) > MAX_SAMPLES:
                        del samples[: MAX_SAMPLES // 2]
            self._sample_threadpool(now)
            time.sleep(SAMPLE_INTERVAL)
        else:
            return
        self._judge(samples, beat.state[2], due + wall_offset, located)

    def _judge(
        self, samples: list[Sample], lag: float, started_at: float, located: dict[int, list[Any]]
    ) -> None:
        probe = self.probe
        if lag * 1000.0 < probe.settings.threshold_ms:
            return
        evidence = continuous_run(samples, min_span=probe.settings.threshold_ms / 2000.0)
        if evidence is None:
            return
        state, frame, phase = located.get(id(evidence.root), (None, None, None))
        probe.record_stall(evidence, lag, started_at, (state, frame), phase)

    def _sample_threadpool(self, now: float) -> None:
        if now < self._next_timeline:
            return
        self._next_timeline = now + TIMELINE_INTERVAL
        probe = self.probe
        limiter: Any = probe.limiter
        if limiter is None:
            return
        try:
            stats = limiter.statistics()
        except Exception as exc:
            probe.count_error("thread-pool sampling", exc)
            return
        pool = probe.threadpool
        borrowed = int(stats.borrowed_tokens)
        waiting = int(stats.tasks_waiting)
        pool.total_tokens = int(stats.total_tokens)
        pool.max_borrowed = max(pool.max_borrowed, borrowed)
        pool.max_waiting = max(pool.max_waiting, waiting)
        pool.timeline.append([round(time.time(), 3), borrowed, waiting])
        if waiting > 0:
            if self._waiting_since is None:
                self._waiting_since = now
            elif now - self._waiting_since >= PERSISTENT_WAIT_SECONDS:
                self._warn_saturated(now - self._waiting_since, waiting)
        else:
            self._waiting_since = None

    def _warn_saturated(self, seconds: float, waiting: int) -> None:
        pool = self.probe.threadpool
        ceiling = pool.ceiling_rps()
        mean_run = pool.run.mean()
        detail = (
            f"; measured ceiling ≈ {ceiling:.0f} calls/s "
            f"({pool.total_tokens} tokens ÷ {mean_run:.1f} ms mean run)"
            if ceiling
            else ""
        )
        self.probe.warn(
            f"thread pool saturated: calls waited for one of {pool.total_tokens} tokens "
            f"for over {PERSISTENT_WAIT_SECONDS:.0f} s (up to {waiting} waiting){detail}",
            key="thread pool saturated",
        )
        self._waiting_since = None
