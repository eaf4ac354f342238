"""Heartbeat on the event loop + watchdog thread: detect stalls under uvloop and asyncio alike.

asyncio's debug mode (and tools patching `Handle._run`) cannot see inside uvloop, where
callbacks are dispatched from C. A heartbeat works on any loop: a `call_later` callback that
records how late it ran (the loop lag) and reschedules itself every `threshold / 5`. A
daemon thread watches the beat; once it is overdue it samples the loop thread's stack
(`sys._current_frames()`) every couple of milliseconds until the beat runs again. The
beat's lateness is the stall's duration; the samples (see `stacks.py`) decide whether it was
one callback blocking (a stall) or many short ones (a busy loop, not reported).

The watchdog must notice an overdue beat within a few milliseconds, yet waking it that
often costs the loop: every wake-up of a Python thread takes the GIL from the loop thread (a
forced switch after up to 5 ms) and two context switches on its core — at 200 wake-ups a
second, a few percent of a saturated hello-world's throughput. On Linux each beat therefore
re-arms a timerfd (`Deadline`, under a microsecond through ctypes) set to fire when the next beat is
overdue, and the watchdog blocks on it with the GIL released: it wakes when a beat is
overdue, and otherwise ~10 times a second. Elsewhere it polls, waking once per beat. The
beat also raises `sample_due` for phase sampling, which the watchdog did on every wake-up.

The watchdog also samples anyio's default thread limiter at ~10 Hz for the thread-pool
timeline: `CapacityLimiter.statistics()` reads plain attributes and copies the borrower set
in one C call, so reading it from another thread under the GIL is safe.
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import select
import sys
import threading
import time
from collections import deque
from types import CodeType
from typing import TYPE_CHECKING, Any

from unjam.probe.attribution import (
    current_task_name,
    describe_stall,
    in_progress,
    locate_request,
)
from unjam.probe.stacks import (
    IDLE,
    KNOWN_DISPATCH_CODES,
    Sample,
    dispatch_codes_of,
    ends_run,
    evidence_of,
    prove_block,
    take_sample,
)

if TYPE_CHECKING:
    from unjam.probe.core import Probe

MAX_SAMPLES = 400
SAMPLE_INTERVAL = 0.002
LONG_STALL_SAMPLE_INTERVAL = 0.02  # after a second blocked: the line is known by then
PUBLISH_INTERVAL = 0.25  # refresh `stall_in_progress` this often while blocked
REPORT_FIRST = 1.0  # say a stall still going on on the terminal after this long ...
REPORT_INTERVAL = 3.0  # ... and again this often while it lasts
LATE_BEATS_KEPT = 64  # late beats remembered: more than run between two slow samples
TIMELINE_INTERVAL = 0.1
PERSISTENT_WAIT_SECONDS = 1.0


def overdue_after(probe: Probe) -> float:
    """How late a beat must be for the watchdog to start sampling (30 % of the threshold)."""
    return max(0.002, probe.settings.threshold_ms / 1000.0 * 0.3)


class _Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


class _Itimerspec(ctypes.Structure):
    _fields_ = [("it_interval", _Timespec), ("it_value", _Timespec)]


class Deadline:
    """A Linux timerfd the heartbeat pushes back on every beat and the watchdog waits on.

    `arm` (loop thread) sets it to fire once, `seconds` from now, replacing the previous
    deadline and clearing an expiry not yet read; `wait` (watchdog thread) blocks with the
    GIL released until it fires or `timeout` passes. `create` returns None where there is
    no timerfd (not Linux, no libc through ctypes): the watchdog then polls.
    """

    _CLOCK_MONOTONIC = 1
    _TFD_NONBLOCK = 0o4000
    _TFD_CLOEXEC = 0o2000000

    def __init__(self, libc: Any) -> None:
        fd = libc.timerfd_create(self._CLOCK_MONOTONIC, self._TFD_CLOEXEC | self._TFD_NONBLOCK)
        if fd < 0:
            raise OSError("timerfd_create failed")
        self.fd = fd
        self._settime = libc.timerfd_settime
        self._spec = _Itimerspec()  # reused: re-armed with the same delay, nothing is set
        self._spec_ref = ctypes.byref(self._spec)
        self._delay = -1.0
        self._poll = select.poll()
        self._poll.register(fd, select.POLLIN)

    @classmethod
    def create(cls) -> Deadline | None:
        if not sys.platform.startswith("linux"):
            return None
        try:
            # No argtypes and no errno capture: ints and pointers convert by default, and
            # a call then costs half the instructions (~4,000: it is made on every beat).
            return cls(ctypes.CDLL(None))
        except (OSError, AttributeError, ValueError):
            return None

    def arm(self, seconds: float) -> None:
        if seconds != self._delay:
            self._delay = seconds
            whole = int(seconds)
            self._spec.it_value.tv_sec = whole
            self._spec.it_value.tv_nsec = max(1, int((seconds - whole) * 1e9))
        if self._settime(self.fd, 0, self._spec_ref, None) != 0:
            raise OSError("timerfd_settime failed")

    def wait(self, timeout: float) -> bool:
        """True if the deadline passed (a beat is overdue), False after `timeout` seconds."""
        if not self._poll.poll(max(1, int(timeout * 1000))):
            return False
        try:
            os.read(self.fd, 8)
        except BlockingIOError:  # re-armed by a beat between poll and read
            return False
        return True


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
        # (sequence number, lag) of the latest beats that ran overdue
        self.late: deque[tuple[int, float]] = deque(maxlen=LATE_BEATS_KEPT)
        self.late_after = overdue_after(probe)

    def start(self) -> None:
        self.alive = True
        self.state = (0, time.monotonic() + self.interval, 0.0)
        self.handle = self.loop.call_later(self.interval, self._beat)
        self._arm(self.interval)

    def _arm(self, interval: float) -> None:
        """Set the watchdog's deadline to when the next beat, due in `interval`, is overdue."""
        deadline = self.probe.deadline
        if deadline is not None:
            try:
                deadline.arm(interval + overdue_after(self.probe))
            except OSError as exc:  # the watchdog sees no deadline and polls
                self.probe.deadline = None
                self.probe.count_error("arming the watchdog deadline", exc)

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
            probe = self.probe
            probe.loop_lag.record(lag * 1000.0)
            interval = self.interval = probe.settings.beat_interval
            self.late_after = overdue_after(probe)
            if self.alive:
                self.handle = self.loop.call_later(interval, self._beat)
            self.state = (seq + 1, now + interval, lag)
            if lag >= self.late_after:
                self.late.append((seq + 1, lag))  # for a watchdog that looks after more beats
            self._arm(interval)
            probe.raise_sample_due()
        except Exception as exc:
            self.probe.count_error("heartbeat", exc)
            if self.alive:
                self.handle = self.loop.call_later(self.interval, self._beat)

    def loop_gone(self) -> bool:
        try:
            return (not self.alive) or self.loop.is_closed() or not self.loop.is_running()
        except Exception:
            return True


class _Segment:
    """Consecutive samples that show one root frame: one callback holding the loop."""

    __slots__ = ("after_request", "located", "samples", "start", "task")

    def __init__(self, start: float, after_request: bool = False) -> None:
        self.start = start  # monotonic: when the beat was due, or the first sample of it
        self.samples: list[Sample] = []
        self.located: list[Any] | None = None  # [request state, its frame, latest phase]
        self.task: str | None = None  # the task running it, when no request holds it
        # The rest of a callback whose request has ended (the server's own work after the
        # response): never a stall, unless another request shows up in it.
        self.after_request = after_request

    def left_request(self, sample: Sample) -> bool:
        """True if the request this callback was found in is no longer on its stack: the
        request ended (its server task goes on, or the task runs the next request of an
        in-process client), so what follows is not that request's stall."""
        located = self.located
        if located is None or located[1] is None:
            return False
        frame = located[1]
        return not any(f is frame for f, _ in sample[1])


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
        probe.raise_sample_due()  # the beat raises it too; here for a loop without beats
        beat: Heartbeat | None = probe.heartbeat
        deadline: Deadline | None = probe.deadline
        if beat is None or beat.loop_gone():
            if deadline is not None:
                deadline.wait(TIMELINE_INTERVAL)
            else:
                time.sleep(0.02)
            return
        early = overdue_after(probe)
        seq, due, _ = beat.state
        now = time.monotonic()
        self._sample_threadpool(now)
        if now - due < early:
            if deadline is not None:  # wakes when the beat is overdue, or for the timeline
                deadline.wait(TIMELINE_INTERVAL)
            else:
                wait = min(due + early - now, TIMELINE_INTERVAL)
                time.sleep(max(wait, 0.001))
            return
        self.sampling = True
        try:
            self._watch_stall(beat, seq, due)
        finally:
            self.sampling = False

    def _watch_stall(self, beat: Heartbeat, seq: int, due: float) -> None:
        """The beat is overdue: sample the loop thread until it runs again.

        Samples are cut into segments at each change of root frame (one callback holding
        the loop); each segment that proves a block at least as long as the threshold is a
        stall of its own, judged as soon as it ends. So a frozen server, where request
        after request blocks with no beat in between, gives one stall per request with
        its own duration and line, and none is lost however long the freeze lasts. While
        the beat stays overdue, the current segment is published as the stall in progress
        (and said on the terminal every few seconds).
        """
        probe = self.probe
        thread_id = probe.loop_thread_id
        wall_offset = time.time() - time.monotonic()
        segment = _Segment(due)
        next_publish = due + probe.settings.threshold_ms / 1000.0
        next_report = due + REPORT_FIRST
        try:
            while not self.stopping.is_set():
                state = beat.state
                if state[0] != seq:  # the beat ran, as late as its lag (more may have run)
                    lag = next((lag for n, lag in list(beat.late) if n == seq + 1), state[2])
                    self._close(segment, due + lag, wall_offset)
                    return
                if beat.loop_gone() or probe.heartbeat is not beat:
                    # The loop stopped (a test's loop closing) while overdue: judge what was
                    # sampled while it still ran, taking the last sample as the stall's end.
                    if segment.samples:
                        self._close(segment, segment.samples[-1][0], wall_offset)
                    return
                now = time.monotonic()
                if beat.dispatch_codes and thread_id is not None:
                    sample = take_sample(thread_id, beat.dispatch_codes, now)
                    if sample is not None:
                        if ends_run(segment.samples, sample):
                            self._close(segment, now, wall_offset)
                            segment = _Segment(now)
                        elif segment.left_request(sample):
                            self._close(segment, now, wall_offset)
                            segment = _Segment(now, after_request=True)
                        if sample[1] is not IDLE:
                            self._add(segment, sample)
                if now >= next_publish:
                    next_publish = now + PUBLISH_INTERVAL
                    self._publish(segment, now - due, report=now >= next_report)
                    if now >= next_report:
                        next_report = now + REPORT_INTERVAL
                self._sample_threadpool(now)
                time.sleep(SAMPLE_INTERVAL if now - due < 1.0 else LONG_STALL_SAMPLE_INTERVAL)
        finally:
            probe.stall_in_progress = None

    def _add(self, segment: _Segment, sample: Sample) -> None:
        samples = segment.samples
        samples.append(sample)
        if len(samples) == 2:
            # Locate the request only for a root seen twice in a row (a possible block):
            # a busy loop shows a new root on nearly every sample.
            probe = self.probe
            state, frame = locate_request(sample[1])
            if segment.after_request and state is not None:
                segment.after_request = False  # the task went on to another request
            segment.located = [state, frame, None]
            if state is None:
                segment.task = current_task_name(probe.loop)
        located = segment.located
        if located is not None and located[0] is not None:
            located[2] = located[0].phase
        if len(samples) > MAX_SAMPLES:
            del samples[1 : MAX_SAMPLES // 2 + 1]  # keep the first: the run's span

    def _close(self, segment: _Segment, end: float, wall_offset: float) -> None:
        """Record the segment as a stall if it proves one at least the threshold long."""
        probe = self.probe
        if segment.after_request:
            return
        duration = end - segment.start
        evidence = prove_block(segment.samples, duration, probe.settings.threshold_ms / 1000.0)
        if evidence is None:
            return
        state, frame, phase = segment.located or (None, None, None)
        start = segment.start + wall_offset
        located = (state, frame)
        probe.add_stall(
            describe_stall(probe, evidence, duration, start, located, phase, segment.task)
        )

    def _publish(self, segment: _Segment, blocked_for: float, report: bool) -> None:
        """Publish where the loop is blocked now; say it on the terminal if `report`."""
        if not segment.samples:
            return
        probe = self.probe
        located = segment.located or (None, None, None)
        current = in_progress(probe, evidence_of(segment.samples), blocked_for, located[:2])
        probe.stall_in_progress = current
        if report:
            probe.report_in_progress(current)

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
