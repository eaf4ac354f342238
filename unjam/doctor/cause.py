"""A ranked cause as a record, and the facts about findings and routes it is built from.

The other stages hand the ranking JSON-shaped dicts (the analyser's findings, correlate's
verdicts, the load runs, the capacity model); `rank` reads them once into `FindingFacts` and
`RouteFacts`, so that each builder names what it uses. A `RankedCause` serialises to the keys
of report.json's "ranked" (docs/doctor.md, stable within version 1), which differ by kind: a
field that does not apply to a kind is None and left out, and each kind of impact is its own
record because each carries its own keys.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from unjam.doctor.capacity import NOISE
from unjam.doctor.correlate import CONFIRMED, NOT_EXERCISED

RUNTIME_ONLY = "seen only at runtime"
RUNTIME_ONLY_FIX = (
    "move the blocking call off the event loop: use an async client, make the endpoint a "
    "plain `def`, or `await run_in_threadpool(...)` / `anyio.to_thread.run_sync(...)`"
)


@dataclass(kw_only=True)
class Impact:
    """What a static finding or the thread pool costs, as measured (None: not measured)."""

    loop_ms_per_request: float | None = None
    ceiling_rps: float | None = None
    added_latency_ms: float | None = None


@dataclass(kw_only=True)
class StallImpact:
    """What the stalls at one line cost: loop time per request (a range up to
    `loop_ms_upper` when the endpoint's own time bounds it) and the ceiling it imposes."""

    loop_ms_per_request: float | None
    loop_ms_upper: float | None
    ceiling_rps: float | None
    added_latency_ms: float | None
    stall_ms: float | None


@dataclass(kw_only=True)
class FreezeImpact:
    """A route that stopped the server: it serves nothing (a ceiling of 0) from that level."""

    loop_ms_per_request: None = None
    ceiling_rps: float = 0.0
    added_latency_ms: float | None
    stall_ms: float | None
    froze_at_concurrency: int | None


@dataclass(kw_only=True)
class RankedCause:
    """One cause, in the words and figures the report, the summary and `unjam diff` show."""

    kind: str  # "freeze", "loop", "threadpool", "warmup" or the finding's kind
    minor: bool | None = None  # stall causes only: under MINOR_LOOP_MS per request
    warmup: str | None = None  # warm-up notes only: the one-off cost's kind
    route: str | None
    finding: str | None = None
    code: str | None = None
    status: str
    path: str | None
    line: int | None
    function: str | None
    message: str
    evidence: str
    fix: str
    impact: Impact | StallImpact | FreezeImpact
    stack: list[dict] = field(default_factory=list)
    severity: str | None = None  # static findings only
    startup: bool | None = None  # stall causes only: seen while the app started
    rank: int = 0

    KIND_SPECIFIC: ClassVar[frozenset[str]] = frozenset({"minor", "warmup", "severity", "startup"})

    def to_json(self) -> dict:
        data: dict = {}
        for spec in dataclasses.fields(self):
            value = getattr(self, spec.name)
            if value is None and spec.name in self.KIND_SPECIFIC:
                continue
            data[spec.name] = dataclasses.asdict(value) if spec.name == "impact" else value
        return data


@dataclass(frozen=True, kw_only=True)
class FindingFacts:
    """A static finding and correlate's verdict on it: what the builders read of both."""

    id: str
    code: str | None
    kind: str | None
    severity: str | None
    message: str
    fix: str | None
    blocker: str | None
    path: str | None  # absolute
    line: int | None
    route: str | None
    entry_name: str | None
    entry_context: str | None
    chain_names: tuple[str, ...]
    status: str
    evidence: str
    dependency_ms: float | None  # the measured time of the dependency it sits in
    wait_p99_ms: float | None  # the worst token wait on its route
    freeze_candidate: bool  # may be what froze its route (no evidence either way)

    @classmethod
    def read(cls, finding: dict, verdict: dict) -> FindingFacts:
        entry = finding.get("entry") or {}
        return cls(
            id=finding["id"],
            code=finding.get("code"),
            kind=finding.get("kind"),
            severity=finding.get("severity"),
            message=finding.get("message", ""),
            fix=finding.get("fix"),
            blocker=finding.get("blocker"),
            path=finding.get("abs_path"),
            line=finding.get("line"),
            route=entry.get("route"),
            entry_name=entry.get("name"),
            entry_context=entry.get("context"),
            chain_names=tuple(step.get("name") for step in finding.get("chain") or []),
            status=verdict.get("status", NOT_EXERCISED),
            evidence=verdict.get("evidence", ""),
            dependency_ms=verdict.get("dependency_ms"),
            wait_p99_ms=verdict.get("wait_p99_ms"),
            freeze_candidate=bool(verdict.get("freeze_candidate")),
        )

    @property
    def confirmed(self) -> bool:
        return self.status == CONFIRMED

    @property
    def where(self) -> str:
        """`Producer.send_message → boto3 send_message`: the last user function and the
        blocker."""
        blocker = self.blocker or ""
        chain = [name for name in self.chain_names if name != blocker]
        last = chain[-1] if chain else (self.entry_name if self.entry_name is not None else "?")
        return f"{last} → {blocker}" if blocker and blocker != last else str(last)

    @property
    def place(self) -> str:
        """`sqs.py:42`"""
        return f"{Path(self.path or '?').name}:{self.line}"

    @property
    def fix_text(self) -> str:
        return str(self.fix) if self.fix else RUNTIME_ONLY_FIX


@dataclass(frozen=True, kw_only=True)
class RouteFacts:
    """What the builders read of one route's load run and capacity model (None: not
    measured, or the model has no such figure)."""

    requests: int = 0  # in the measured steps (the warm-up's left out)
    measured_rps: float | None = None
    loop_ms_per_request: float | None = None
    loop_ms_upper: float | None = None
    cpu_ms_per_request: float | None = None
    cpu_ceiling_rps: float | None = None
    pool_ceiling_rps: float | None = None
    total_tokens: int = 40
    tokens_per_request: int | None = None
    thread_ms_per_request: float | None = None
    limit: str | None = None
    explains: bool = False
    explanation: str | None = None
    sweep: tuple[dict, ...] = ()  # the sweep's steps (token waits are read from them)

    @classmethod
    def read(cls, run: dict | None, capacity: dict | None) -> RouteFacts:
        steps = (run or {}).get("steps", [])
        cap = capacity or {}
        return cls(
            requests=sum(s.get("requests", 0) for s in steps if s.get("phase") != "warmup"),
            measured_rps=cap.get("measured_rps"),
            loop_ms_per_request=cap.get("loop_ms_per_request"),
            loop_ms_upper=cap.get("loop_ms_upper"),
            cpu_ms_per_request=cap.get("cpu_ms_per_request"),
            cpu_ceiling_rps=cap.get("cpu_ceiling_rps"),
            pool_ceiling_rps=cap.get("pool_ceiling_rps"),
            total_tokens=cap.get("total_tokens", 40),
            tokens_per_request=cap.get("tokens_per_request"),
            thread_ms_per_request=cap.get("thread_ms_per_request"),
            limit=cap.get("limit"),
            explains=bool(cap.get("explains")),
            explanation=cap.get("explanation"),
            sweep=tuple(s for s in steps if s.get("phase") == "sweep"),
        )

    @property
    def max_waiting(self) -> int:
        """The most requests seen waiting for a thread-pool token at once."""
        return max(
            (int((s.get("threadpool") or {}).get("max_waiting") or 0) for s in self.sweep),
            default=0,
        )

    @property
    def worst_token_wait(self) -> tuple[float, int | None]:
        """The longest p99 wait for a token (ms), and the concurrency it was measured at."""
        waits = [
            (
                float(
                    ((s.get("route_stats") or {}).get("threadpool_wait_ms") or {}).get("p99") or 0.0
                ),
                s.get("concurrency"),
            )
            for s in self.sweep
        ]
        return max(waits, default=(0.0, None))


def plausible(
    ceiling: float | None, measured: float | None, cpu_ceiling: float | None = None
) -> bool:
    """A ceiling the measurement does not contradict (the route never served more) and the
    machine could reach (not far beyond what the server's CPU allows)."""
    if not ceiling or (measured and ceiling * (1 + NOISE) < measured):
        return False
    return not cpu_ceiling or ceiling <= cpu_ceiling * (1 + NOISE)


def fmt_ms(value: float) -> str:
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def rounded(value: float | None) -> float | None:
    return round(value, 2) if value else None
