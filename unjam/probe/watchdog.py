"""The watchdog thread: detect stalls under uvloop and asyncio alike.

The heartbeat (`heartbeat.py`) runs on the event loop and records how late each beat ran.
This daemon thread watches the beat; once it is overdue it samples the loop thread's stack
(`sys._current_frames()`) every couple of milliseconds until the beat runs again. The
beat's lateness is the stall's duration; the samples (see `stacks.py`) decide whether it was
one callback blocking (a stall) or many short ones (a busy loop, not reported). On Linux the
thread blocks on the heartbeat's timerfd (`Deadline`) between stalls instead of polling.

The watchdog also samples anyio's default thread limiter at ~10 Hz for the thread-pool
timeline: `CapacityLimiter.statistics()` reads plain attributes and copies the borrower set
in one C call, so reading it from another thread under the GIL is safe.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

from unjam.probe.attribution import (
    current_task_name,
    describe_stall,
    in_progress,
    locate_request,
)
from unjam.probe.heartbeat import Deadline, Heartbeat, overdue_after
from unjam.probe.stacks import (
    IDLE,
    Sample,
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
TIMELINE_INTERVAL = 0.1
PERSISTENT_WAIT_SECONDS = 1.0


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
