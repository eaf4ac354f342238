"""The open model's schedule on its own: what is due when, and its two bounds (no clock,
no server: times are given)."""

from collections import deque

from unjam.load.engine import Plan
from unjam.load.schedule import BATCH, MAX_PENDING, OpenSchedule

START = 1_000_000_000  # any perf-counter instant


def schedule(rate: float, **plan: int) -> OpenSchedule:
    return OpenSchedule(Plan(model="open", rate=rate, **plan), START)


def test_the_count_follows_the_duration_the_requests_and_the_phase():
    assert schedule(100, duration_ns=1_000_000_000).total == 100
    assert schedule(100, duration_ns=1_000_000_000, requests=30).total == 30
    # the second of two workers at 50/s each starts 10 ms later, and still ends in time
    assert schedule(50, duration_ns=1_000_000_000, phase_ns=10_000_000).total == 50
    assert schedule(50, duration_ns=1_000_000_000, phase_ns=30_000_000).total == 49


def test_what_is_due_is_queued_at_its_intended_time_with_targets_in_turn():
    plan = schedule(1000, requests=10)  # one every ms
    pending: deque[tuple[int, int]] = deque()
    lags: list[int] = []
    plan.queue_due(START + 3_500_000, pending, 1, 3, lags.append)
    assert list(pending) == [(START + k * 1_000_000, (1 + k) % 3) for k in range(4)]
    assert lags == [3_500_000, 2_500_000, 1_500_000, 500_000]
    assert plan.next_due() == START + 4_000_000 and not plan.done
    plan.queue_due(START + 10**9, pending, 1, 3, lags.append)
    assert len(pending) == 10 and plan.done


def test_one_wake_up_queues_at_most_a_batch():
    plan = schedule(1e6, requests=3 * BATCH)
    pending: deque[tuple[int, int]] = deque()
    plan.queue_due(START + 10**9, pending, 0, 1, lambda lag: None)
    assert len(pending) == BATCH and plan.k == BATCH


def test_past_the_queue_bound_what_is_due_is_dropped_in_one_step():
    plan = schedule(1e6, requests=10 * MAX_PENDING)  # one every µs
    pending: deque[tuple[int, int]] = deque([(0, 0)] * MAX_PENDING)
    now = START + 25_000_000 - 1  # 25,000 due
    plan.queue_due(now, pending, 0, 1, lambda lag: None)
    assert len(pending) == MAX_PENDING  # no room: nothing queued
    assert plan.drop_overdue(now, len(pending)) == 25_000
    assert plan.k == 25_000 and plan.next_due() > now
    assert plan.drop_overdue(now, len(pending)) == 0  # nothing more is due
    assert plan.drop_overdue(now + 10**9, MAX_PENDING - 1) == 0  # room again: queue instead
