"""A route's capacity model: which resource caps its throughput, and does that explain the
measured ceiling?

A FastAPI process has three shared resources a request can queue for: the event loop (one
thread: time a request blocks it is time nobody else runs), the thread pool (`total_tokens`
threads) and the CPU (one core under the GIL). FastAPI runs a route's pieces one after the
other (each sync dependency, the endpoint, a sync endpoint's response validation) and each
sync piece borrows a token for its own run and returns it before the next borrows one: a
request never holds two. So the pool gives `total_tokens * 1000 / thread_ms`, where thread_ms
is the request's summed thread time (what the probe measures), not that times the number of
pieces. The loop gives `1000 / loop_ms` and the CPU `1000 / cpu_ms`. Little's law (in flight =
throughput x latency) turns the measured ceiling into the exclusive time each request costs,
so the model can say which ceiling the measurement agrees with — and when none does.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from unjam.model import RouteExecution

MINOR_LOOP_MS = 1.0
# A predicted ceiling "explains" the measured one within this factor.
EXPLAINS_FACTOR = 1.6
# Run-to-run noise of a short sweep step: a measurement above the model's ceiling by more
# than this means the model is wrong for this route, and the report says so.
NOISE = 0.25


def _median(values: list[float]) -> float | None:
    values = [v for v in values if v is not None and v > 0]
    return statistics.median(values) if values else None


def borrowings(plan: RouteExecution | None) -> str:
    """ "3 sequential token borrowings (dependency current_user, endpoint items, ...)"."""
    if plan is None:
        return ""
    pieces = [p for p in plan.pieces if p.borrows_token]
    if not pieces:
        return ""
    named = ", ".join(f"{p.kind} {p.name}" for p in pieces)
    return f"{len(pieces)} sequential token borrowing(s) per request ({named}), one held at a time"


def human(value: float | None) -> str:
    """A rate or a time rounded for people: 3 significant digits, no false precision."""
    if value is None:
        return "?"
    if value >= 100:
        return f"{round(value, -len(str(int(value))) + 3):,.0f}"
    return f"{value:.1f}" if value >= 1 else f"{value:.2f}"


def measured_ceiling(run: dict) -> tuple[float, dict | None]:
    """The best throughput measured on the route, and the step that reached it."""
    best, best_step = 0.0, None
    for step in run.get("steps", []):
        if step.get("phase") != "sweep" or (step.get("success_ratio") or 0) < 0.9:
            continue
        if (step.get("throughput_rps") or 0) > best:
            best, best_step = step["throughput_rps"], step
    knee = run.get("knee") or {}
    if (knee.get("sustainable_rps") or 0) > best:
        best = float(knee["sustainable_rps"])
    return best, best_step


@dataclass
class RequestCosts:
    """What one request of a route costs each shared resource, as measured (None: not seen)."""

    loop_ms: float | None  # loop time in stalls
    loop_upper: float | None  # the async endpoint's own time, when it bounds loop_ms above
    run_ms: float | None  # thread time, summed over the sync pieces
    cpu_ms: float | None  # server CPU where throughput peaked
    tokens: int  # sequential token borrowings
    total_tokens: int
    plan: RouteExecution | None

    def ceilings(self) -> dict[str, float | None]:
        # Under a millisecond per request, stall time is isolated stalls (GC, the OS), not a
        # per-request cost: it is recorded but makes no ceiling (see loop_causes.loop_cost).
        loop_ms = self.loop_ms
        loop_counts = bool(loop_ms) and loop_ms >= MINOR_LOOP_MS
        return {
            "event loop": 1000.0 / (self.loop_upper or loop_ms)
            if loop_counts and loop_ms
            else None,
            "thread pool": self.total_tokens * 1000.0 / self.run_ms if self.run_ms else None,
            "cpu": 1000.0 / self.cpu_ms if self.cpu_ms else None,
        }

    def detail(self, limit: str) -> str:
        """Where the binding ceiling comes from, in words."""
        if limit == "event loop":
            return f"the loop is blocked {self.loop_ms or 0:.1f} ms per request in stalls" + (
                f", up to {self.loop_upper:.1f} ms (the async endpoint's time, where it stalls)"
                if self.loop_upper
                else ""
            )
        if limit == "thread pool":
            borrowed = borrowings(self.plan) or f"{self.tokens} token borrowing(s)"
            return (
                f"{self.run_ms or 0:.1f} ms of thread time per request in {borrowed}, "
                f"shared by {self.total_tokens} tokens"
            )
        return f"{self.cpu_ms or 0:.2f} ms CPU per request on one core"


def request_costs(
    steps: list[dict], total_tokens: int, plan: RouteExecution | None
) -> RequestCosts:
    requests = sum(s.get("requests", 0) for s in steps)
    stall_ms = sum(s.get("stall_ms", 0.0) for s in steps)
    loop_ms = stall_ms / requests if requests and stall_ms > 0 else None
    run_ms = _median(
        [((s.get("route_stats") or {}).get("threadpool_run_ms") or {}).get("p50") for s in steps]
    )
    # CPU per request where throughput was highest: at low levels the server's fixed
    # overheads (the loop's polling, the probe) spread over few requests and overstate it.
    busiest = max(
        (s for s in steps if s.get("cpu_ms_per_request")),
        key=lambda s: s.get("throughput_rps") or 0.0,
        default=None,
    )
    return RequestCosts(
        loop_ms=loop_ms,
        loop_upper=_endpoint_bound(steps, loop_ms),
        run_ms=run_ms,
        cpu_ms=busiest["cpu_ms_per_request"] if busiest else None,
        tokens=plan.token_borrowings if plan is not None else (1 if run_ms else 0),
        total_tokens=total_tokens,
        plan=plan,
    )


def route_capacity(
    run: dict,
    *,
    total_tokens: int,
    plan: RouteExecution | None = None,
) -> dict:
    """The capacity model of one measured route (JSON-ready)."""
    steps = [s for s in run.get("steps", []) if s.get("phase") != "warmup" and not s.get("invalid")]
    costs = request_costs(steps, total_tokens, plan)
    loop_ms, loop_upper, run_ms, cpu_ms = (
        costs.loop_ms,
        costs.loop_upper,
        costs.run_ms,
        costs.cpu_ms,
    )
    top_level = max((s.get("concurrency") or 0 for s in steps), default=0)
    ceilings = costs.ceilings()
    measured, step = measured_ceiling(run)
    model: dict = {
        "measured_rps": round(measured, 2),
        "loop_ms_per_request": round(loop_ms, 3) if loop_ms else None,
        "loop_ms_upper": round(loop_upper, 3) if loop_upper else None,
        "loop_ceiling_rps": _r(ceilings["event loop"]),
        "loop_ceiling_high_rps": _r(1000.0 / loop_ms) if loop_upper and loop_ms else None,
        "thread_ms_per_request": round(run_ms, 3) if run_ms else None,
        "tokens_per_request": costs.tokens,  # sequential borrowings; one held at a time
        "total_tokens": total_tokens,
        "pool_ceiling_rps": _r(ceilings["thread pool"]),
        "cpu_ms_per_request": round(cpu_ms, 3) if cpu_ms else None,
        "cpu_ceiling_rps": _r(ceilings["cpu"]),
        "pieces": [
            {"kind": p.kind, "name": p.name, "line": p.line, "context": str(p.context)}
            for p in (plan.pieces if plan is not None else ())
        ],
        "littles_law": None,
        "limit": None,
        "explains": False,
        "disagrees": False,
        "explanation": "",
    }
    parts: list[str] = []
    if step is not None and measured > 0:
        model["littles_law"] = _littles_law(step, measured, steps, parts)
    if top_level and top_level < total_tokens and ceilings["thread pool"]:
        # Fewer requests in flight than tokens: the pool cannot be what limits the route.
        ceilings["thread pool"] = None
        parts.append(f"the pool's {total_tokens} tokens are more than the {top_level} in flight")
    known = {name: value for name, value in ceilings.items() if value}
    if known:
        limit, ceiling = min(known.items(), key=lambda item: item[1])
        model["limit"] = limit
        model["explains"], model["disagrees"], said = _judge(costs, limit, ceiling, measured)
        parts.append(said)
    else:
        parts.append("no loop stall, thread-pool time or CPU figure to model")
    model["explanation"] = "; ".join(parts)
    return model


def _littles_law(step: dict, measured: float, steps: list[dict], parts: list[str]) -> dict:
    """The exclusive time a request costs, from the best step (in flight = throughput x
    latency); says so in `parts`."""
    tput = float(step.get("throughput_rps") or 0.0)
    latency_s = ((step.get("latency_ms") or {}).get("mean") or 0.0) / 1000.0
    in_flight = tput * latency_s
    demand_ms = 1000.0 / measured
    parts.append(
        f"measured {human(measured)} rps; at {step.get('concurrency')} concurrent "
        f"{human(tput)} rps x {latency_s:.3f} s = {in_flight:.1f} in flight (Little's law)"
    )
    serial = _serialisation(steps)
    if serial:
        parts.append(serial)
    parts.append(f"so each request costs {demand_ms:.1f} ms of the scarcest resource")
    return {
        "concurrency": step.get("concurrency"),
        "throughput_rps": round(tput, 2),
        "latency_s": round(latency_s, 4),
        "in_flight": round(in_flight, 2),
        "exclusive_ms_per_request": round(demand_ms, 3),
    }


def _judge(
    costs: RequestCosts, limit: str, ceiling: float, measured: float
) -> tuple[bool, bool, str]:
    """Does the binding ceiling explain the measured one, or does the measurement contradict
    it (the route served more than the model allows, past the noise)? With the sentence."""
    loop_ms = costs.loop_ms
    high = 1000.0 / loop_ms if limit == "event loop" and costs.loop_upper and loop_ms else ceiling
    explains = (
        measured > 0
        and measured <= high * EXPLAINS_FACTOR
        and (ceiling <= measured * EXPLAINS_FACTOR)
    )
    disagrees = measured > high * (1 + NOISE)
    if disagrees:
        verdict = (
            f"but the route served {human(measured)} rps: the model disagrees with the "
            "measurement (a cost it counts is not exclusive, or was measured under "
            "contention)"
        )
    else:
        verdict = "which explains the measured ceiling" if explains else "not reached"
    span = f"{human(ceiling)}-{human(high)}" if high > ceiling * 1.05 else human(ceiling)
    sentence = f"{limit} ceiling {span} rps ({costs.detail(limit)}), {verdict}"
    return explains and not disagrees, disagrees, sentence


def _endpoint_bound(steps: list[dict], loop_ms: float | None) -> float | None:
    """An upper bound on loop time per request when the stalls happen in the endpoint phase.

    Stalls are sampled (a blocking call shorter than the probe's threshold, or one the
    watchdog did not see as continuous, is not counted), so stall time per request is a lower
    bound. When most stall time falls in the endpoint phase, the endpoint runs on the loop,
    and its wall time at the lowest concurrency (nothing queued) bounds the loop time above.
    """
    if not loop_ms:
        return None
    by_phase: dict[str, float] = {}
    for step in steps:
        for stall in step.get("stalls") or []:
            phase = str(stall.get("phase") or "")
            by_phase[phase] = by_phase.get(phase, 0.0) + float(stall.get("duration_ms") or 0.0)
    total = sum(by_phase.values())
    if not total or by_phase.get("endpoint", 0.0) < 0.5 * total:
        return None
    sweep = [s for s in steps if s.get("phase") == "sweep" and s.get("concurrency")]
    if not sweep:
        return None
    lowest = min(sweep, key=lambda s: s["concurrency"])
    endpoint = ((lowest.get("route_stats") or {}).get("phases_ms") or {}).get("endpoint") or {}
    upper = endpoint.get("p50")
    return float(upper) if upper and upper > loop_ms * 1.1 else None


def _serialisation(steps: list[dict]) -> str:
    """How latency grew with concurrency: x C means one request at a time, x 1 in parallel."""
    sweep = [
        s
        for s in steps
        if s.get("phase") == "sweep"
        and s.get("concurrency")
        and (s.get("latency_ms") or {}).get("mean")
    ]
    if len(sweep) < 2:
        return ""
    low = min(sweep, key=lambda s: s["concurrency"])
    high = max(sweep, key=lambda s: s["concurrency"])
    if high["concurrency"] <= low["concurrency"]:
        return ""
    growth = high["latency_ms"]["mean"] / low["latency_ms"]["mean"]
    ratio = high["concurrency"] / low["concurrency"]
    if growth >= 0.6 * ratio:
        how = "requests are served one at a time"
    elif growth <= 2.0:
        how = "requests run in parallel"
    else:
        how = "requests partly queue"
    return (
        f"latency grew x{growth:.1f} from {low['concurrency']} to {high['concurrency']} "
        f"concurrent (x{ratio:g} requests): {how}"
    )


def _r(value: float | None) -> float | None:
    return round(value, 2) if value else None
