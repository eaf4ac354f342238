"""Step 4 of the doctor: load one route at a time and record what the probe saw meanwhile.

Per route: a short closed-model concurrency sweep (how throughput and latency respond to more
requests in flight — the seed-004 picture), then an open-model knee search (the highest
arrival rate whose p99 stays under the SLO — what vegeta's users look for). Before each step
the probe's statistics are reset and after it a snapshot is taken, so every stall, every
thread-pool wait and every phase timing belongs to exactly one step of one route.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from unjam.doctor.diagnostics import CpuMeter, Diagnostics
from unjam.doctor.liveness import Liveness
from unjam.doctor.step_record import (
    downsample,
    knee_json,
    knee_step,
    ok_count,
    request_count,
    step_record,
    timeline_rows,
)

DEFAULT_LEVELS = (1, 8, 32, 64)


@dataclass
class Budget:
    """How long to spend on each route, and how to split it."""

    per_route_s: float = 4.0
    levels: tuple[int, ...] = DEFAULT_LEVELS
    slo_p99_ms: float = 500.0
    knee: bool = True
    knee_steps: int = 3
    # A server that has not answered for this long after a step is frozen (a finding of its
    # own); shorter silences are waited out so a stall longer than the request timeout ends
    # before the probe's snapshot and is recorded.
    freeze_after_s: float = 15.0

    @property
    def max_queue_s(self) -> float:
        """Skip sweep levels whose requests would queue longer than this."""
        return max(2.0, 4 * self.slo_p99_ms / 1000.0)

    @property
    def request_timeout_s(self) -> float:
        """A request still unanswered after this counts as an error (bounds a step's drain)."""
        return max(5.0, 10 * self.slo_p99_ms / 1000.0)

    @property
    def sweep_step_s(self) -> float:
        share = 0.55 if self.knee else 1.0
        return max(0.2, self.per_route_s * share / len(self.levels))

    @property
    def knee_step_s(self) -> float:
        return max(0.2, self.per_route_s * 0.45 / self.knee_steps)


@dataclass
class Recorder:
    diagnostics: Diagnostics
    cpu: CpuMeter
    threadpool_timeline: list[list] = field(default_factory=list)
    # Asked after a step whose requests did not all succeed: is the server still answering?
    liveness: Liveness | None = None
    answered: dict[str, bool] = field(default_factory=dict)  # route -> it succeeded before


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a load step (the load generator stops the step on SIGINT and returns):
    carries what was measured of the route so far, for the partial report."""

    def __init__(self, run: dict) -> None:
        super().__init__()
        self.run = run


def _measured(
    recorder: Recorder, route: str, phase: str, action, target=None, **level
) -> tuple[object, dict]:
    recorder.diagnostics.reset()
    cpu0 = recorder.cpu.seconds()
    result = action()
    cpu_s = recorder.cpu.seconds() - cpu0
    freeze = None
    if recorder.liveness is not None and not _all_answered(result):
        # Timeouts and errors: wait for the server to answer again before the snapshot, so a
        # stall longer than the request timeout has ended and is in it (or name the freeze).
        strict = recorder.answered.get(route, False)
        freeze = recorder.liveness.wait(route, {"phase": phase, **level}, target, strict)
    if ok_count(result) or getattr(result, "sustainable_rate", 0):
        recorder.answered[route] = True
    snapshot = _snapshot(recorder, freeze is not None)
    timeline = (snapshot.get("threadpool") or {}).get("timeline") or []
    label = " ".join([phase, *(f"{k} {v}" for k, v in level.items())])
    recorder.threadpool_timeline.extend([*row[:3], label] for row in timeline)
    step = step_record(result, snapshot, route, phase=phase, cpu_s=cpu_s, **level)
    if freeze is not None:
        if freeze.frame is None and step["stalls"] and not freeze.loop_answered:
            longest = max(step["stalls"], key=lambda s: float(s.get("duration_ms") or 0.0))
            freeze.frame = dict(longest.get("blocking_frame") or {}) or None
            freeze.stack = list(longest.get("stack") or [])
        pool = step["threadpool"]
        freeze.threadpool = {
            key: pool.get(key) for key in ("total_tokens", "max_borrowed", "max_waiting")
        }
        step["freeze"] = freeze.to_json()
        step["invalid"] = True
    if _interrupted(result):
        step["interrupted"] = True
    return result, step


def _all_answered(result) -> bool:
    requests = request_count(result)
    return requests > 0 and ok_count(result) == requests


def _interrupted(result) -> bool:
    if getattr(result, "interrupted", False) is True:
        return True
    return getattr(result, "reason", "") == "interrupted"  # a knee search


# How long a snapshot waits for a stall the probe still reports in progress to end: the
# loop answers as soon as a long stall ends, a beat before the probe's watchdog records it.
SETTLE_S = 2.0


def _snapshot(recorder: Recorder, frozen: bool) -> dict:
    """The probe's snapshot once no stall is in progress (so one that just ended is in it);
    a frozen server's probe may not answer either (then empty)."""
    deadline = time.monotonic() + (0.0 if frozen else SETTLE_S)
    try:
        snapshot = recorder.diagnostics.snapshot()
        while snapshot.get("stall_in_progress") and time.monotonic() < deadline:
            time.sleep(0.05)
            snapshot = recorder.diagnostics.snapshot()
        return snapshot
    except OSError:
        if not frozen:
            raise
        return {}


def measure_route(route: str, targets: list, recorder: Recorder, budget: Budget) -> dict:
    """Sweep and knee search on one route; returns its measurement (JSON-ready)."""
    from unjam.load import run_load

    run: dict = {"route": route, "targets": len(targets), "steps": [], "knee": None}
    started = time.monotonic()
    timeout = budget.request_timeout_s
    # Warm-up: the first requests pay for imports, connection set-up and lazy clients.
    _, warm = _measured(
        recorder,
        route,
        "warmup",
        lambda: run_load(targets, concurrency=1, requests=3, duration=1.0, timeout=timeout),
        targets[0],
        concurrency=1,
    )
    run["steps"].append(warm)
    _stop_if(run, warm)
    best_tput, timelines = _sweep(run, route, targets, recorder, budget)
    sweeps = [s for s in run["steps"] if s["phase"] == "sweep"]
    if len(sweeps) > 1 and "failing" not in run and "frozen" not in run:
        _repeat_lowest(run, route, targets, recorder, budget, min(s["concurrency"] for s in sweeps))
    if timelines:
        level, rows = timelines[-1]
        run["timeline"] = {"concurrency": level, "points": downsample(rows)}
    if budget.knee and best_tput > 0 and "failing" not in run and "frozen" not in run:
        _knee(run, route, targets, recorder, budget, max(1.0, round(best_tput * 0.6, 1)))
    for recorded in run["steps"]:
        recorded.pop("_cpu_s", None)
    run["wall_s"] = round(time.monotonic() - started, 2)
    return run


def _sweep(
    run: dict, route: str, targets: list, recorder: Recorder, budget: Budget
) -> tuple[float, list[tuple[int, list]]]:
    """The closed-model levels, until the route fails, freezes or saturates; returns the best
    throughput and each level's request timeline."""
    best_tput = 0.0
    timelines: list[tuple[int, list]] = []
    previous: dict | None = None
    for index, level in enumerate(budget.levels):
        if "frozen" in run:
            break
        result, step = _closed_step(recorder, route, targets, budget, "sweep", level)
        run["steps"].append(step)
        timelines.append((level, timeline_rows(result)))
        if _stop_if(run, step):
            break
        best_tput = max(best_tput, step["throughput_rps"])
        if step["ok"] == 0:
            run["failing"] = _failure(step)
            break
        following = budget.levels[index + 1] if index + 1 < len(budget.levels) else None
        stop = _saturated(previous, step, following, budget)
        if stop:
            run["sweep_stopped"] = stop
            break
        previous = step
    return best_tput, timelines


def _closed_step(
    recorder: Recorder, route: str, targets: list, budget: Budget, phase: str, level: int
) -> tuple[object, dict]:
    """One closed-model step: `level` requests in flight for a sweep step's duration."""
    from unjam.load import run_load

    return _measured(
        recorder,
        route,
        phase,
        lambda: run_load(
            targets,
            concurrency=level,
            duration=budget.sweep_step_s,
            timeout=budget.request_timeout_s,
        ),
        targets[0],
        concurrency=level,
    )


def _repeat_lowest(
    run: dict, route: str, targets: list, recorder: Recorder, budget: Budget, lowest: int
) -> None:
    """The lowest level again, last: how much the same measurement moves within a run (the
    machine's load drifts), for `unjam diff` to tell noise from change."""
    _, repeat = _closed_step(recorder, route, targets, budget, "repeat", lowest)
    run["steps"].append(repeat)
    _stop_if(run, repeat)


def _knee(
    run: dict, route: str, targets: list, recorder: Recorder, budget: Budget, start_rate: float
) -> None:
    """The open-model knee search, from a rate below the best closed-model throughput."""
    from unjam.load import find_knee

    knee, step = _measured(
        recorder,
        route,
        "knee",
        lambda: find_knee(
            targets,
            slo_p99_ms=budget.slo_p99_ms,
            start_rate=start_rate,
            step=1.5,
            step_duration=budget.knee_step_s,
            timeout=budget.request_timeout_s,
        ),
        targets[0],
        rate=start_rate,
    )
    run["steps"].append(knee_step(step, knee))
    run["knee"] = knee_json(knee, budget.slo_p99_ms)
    _stop_if(run, step)


def measure_stream(
    route: str, targets: list, kind: str, recorder: Recorder, budget: Budget
) -> dict:
    """A streaming route's sweep: time to first event at each level (see `streams.py`)."""
    from unjam.doctor.streams import load_stream

    run: dict = {"route": route, "targets": len(targets), "steps": [], "knee": None}
    run["stream"] = kind
    started = time.monotonic()
    rows: list = []
    for level in budget.levels:
        result, step = _measured(
            recorder,
            route,
            "sweep",
            lambda level=level: load_stream(
                targets, kind, concurrency=level, duration=budget.sweep_step_s
            ),
            concurrency=level,
        )
        step["metric"] = "time to first event"
        run["steps"].append(step)
        rows = timeline_rows(result)
        if _stop_if(run, step):
            break
        if step["ok"] == 0:
            run["failing"] = _failure(step)
            break
    run["timeline"] = {"concurrency": run["steps"][-1]["concurrency"], "points": downsample(rows)}
    for recorded in run["steps"]:
        recorded.pop("_cpu_s", None)
    run["wall_s"] = round(time.monotonic() - started, 2)
    return run


def _stop_if(run: dict, step: dict) -> bool:
    """Record a freeze on the run (the route is not loaded further; its steps from then on are
    invalid); raise `Interrupted` on Ctrl-C. True when the route's measurement is over."""
    if "freeze" in step:
        run["frozen"] = step["freeze"]
    if step.get("interrupted"):
        for recorded in run["steps"]:
            recorded.pop("_cpu_s", None)
        run["interrupted"] = True
        raise Interrupted(run)
    return "frozen" in run


def _saturated(previous: dict | None, step: dict, following: int | None, budget: Budget) -> str:
    """Why the next level is not worth running, or "" — Little's law on a saturated route.

    Once throughput stops growing with concurrency, the next level's requests mostly queue:
    they would wait about `level / throughput` seconds each (an upper bound), and a closed
    model waits for all of them. Past the budget that tells nothing new and costs seconds.
    """
    if following is None or previous is None or step["throughput_rps"] <= 0:
        return ""
    if step["throughput_rps"] > previous["throughput_rps"] * 1.2:
        return ""
    queue_s = following / step["throughput_rps"]
    if queue_s <= budget.max_queue_s:
        return ""
    return (
        f"throughput stopped rising at {step['concurrency']} concurrent "
        f"({step['throughput_rps']:.1f} rps); at {following} requests would queue about "
        f"{queue_s:.1f} s each (Little's law), so higher levels were skipped"
    )


def _failure(step: dict) -> str:
    codes = ", ".join(f"{k} x{v}" for k, v in sorted(step["status_codes"].items()))
    return f"no successful response ({codes or 'no response'})"
