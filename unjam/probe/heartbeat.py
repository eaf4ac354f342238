"""The heartbeat on the event loop, and the deadline the watchdog thread waits on.

asyncio's debug mode (and tools patching `Handle._run`) cannot see inside uvloop, where
callbacks are dispatched from C. A heartbeat works on any loop: a `call_later` callback that
records how late it ran (the loop lag) and reschedules itself every `threshold / 5`. The
watchdog thread (`watchdog.py`) samples the loop thread's stack while a beat is overdue.

The watchdog must notice an overdue beat within a few milliseconds, yet waking it that
often costs the loop: every wake-up of a Python thread takes the GIL from the loop thread (a
forced switch after up to 5 ms) and two context switches on its core — at 200 wake-ups a
second, a few percent of a saturated hello-world's throughput. On Linux each beat therefore
re-arms a timerfd (`Deadline`, under a microsecond through ctypes) set to fire when the
next beat is overdue, and the watchdog blocks on it with the GIL released: it wakes when a
beat is overdue, and otherwise ~10 times a second. Elsewhere it polls, waking once per beat. The
beat also raises `sample_due` for phase sampling, which the watchdog did on every wake-up.
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import select
import sys
import time
from collections import deque
from types import CodeType
from typing import TYPE_CHECKING, Any

from unjam.probe.stacks import KNOWN_DISPATCH_CODES, dispatch_codes_of

if TYPE_CHECKING:
    from unjam.probe.core import Probe

LATE_BEATS_KEPT = 64  # late beats remembered: more than run between two slow samples


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
