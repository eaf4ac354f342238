"""What every scenario shares: its result record, the server CPU meter, table formatting."""

from __future__ import annotations

import platform
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from unjam.lab.processes import core_plan, usable_cores

Say = Callable[[str], None]


@dataclass
class ScenarioResult:
    scenario: str
    seeds: str
    title: str
    options: dict[str, Any]
    variants: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    environment: dict[str, Any] = field(default_factory=dict)
    elapsed_s: float = 0.0
    partial: bool = False  # interrupted: holds only what was measured before Ctrl-C

    def __post_init__(self) -> None:
        # The latest result is where a Ctrl-C finds what was measured so far.
        global _CURRENT
        _CURRENT = self

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


_CURRENT: ScenarioResult | None = None


def current_result() -> ScenarioResult | None:
    """The result the running scenario is filling (None before it started one)."""
    return _CURRENT


def forget_result() -> None:
    """Before a scenario starts: a Ctrl-C must not find an earlier run's result."""
    global _CURRENT
    _CURRENT = None


def environment(pin: bool) -> dict[str, Any]:
    server_core, load_core = core_plan() if pin else (None, None)
    return {
        "cores": len(usable_cores()),
        "server_core": server_core,
        "load_core": load_core,
        "pinned": server_core is not None,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


class CpuMeter:
    """CPU seconds a process (the server under test) spends during a `with` block."""

    def __init__(self, pid: int) -> None:
        import psutil

        self.process = psutil.Process(pid)
        self.cpu_s = 0.0
        self.wall_s = 0.0

    def _now(self) -> float:
        times = self.process.cpu_times()
        return times.user + times.system

    def __enter__(self) -> CpuMeter:
        self._cpu0, self._wall0 = self._now(), time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cpu_s = self._now() - self._cpu0
        self.wall_s = time.perf_counter() - self._wall0


# A seed figure and the measured one further apart than this factor are "not reproduced
# here": the table marks the seed cell and its caption says why (docs/lab.md has the long form).
REPRODUCED_WITHIN = 1.25
MARK = "†"


def not_reproduced(seed: float | None, measured: float | None) -> bool:
    if not seed or not measured or seed <= 0 or measured <= 0:
        return False
    return max(seed, measured) / min(seed, measured) > REPRODUCED_WITHIN


def seed_cell(text: str, seed: float | None, measured: float | None) -> str:
    """`text` (the seed's figure), marked when this run did not reproduce it."""
    return f"{text} {MARK}" if not_reproduced(seed, measured) else text


def why_caption(reasons: list[str]) -> str | None:
    """The table's caption: why the marked seed figures were not reproduced here."""
    if not reasons:
        return None
    within = f"{(REPRODUCED_WITHIN - 1) * 100:.0f}%"
    return f"{MARK} seed figure not reproduced here (off by more than {within}): " + "; ".join(
        dict.fromkeys(reasons)
    )


def fmt(value: Any, unit: str = "", digits: int = 2) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.{digits}f}{unit}"
    return f"{value}{unit}"


def fmt_ms(ms: float | None) -> str:
    if ms is None:
        return "—"
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.0f} ms"


def fmt_pct(ratio: float | None) -> str:
    return "—" if ratio is None else f"{ratio * 100:.0f}%"


def load_summary(result, server_cpu_s: float | None = None) -> dict[str, Any]:
    """The numbers the seeds' vegeta tables show, plus a few more, from a LoadResult."""
    ok = round(result.success_ratio * result.requests)
    return {
        "requests": result.requests,
        "success": result.success_ratio,
        "fastest_ms": result.min_ms if result.requests else None,
        "mean_ms": result.mean_ms if result.requests else None,
        "p50_ms": result.latency_ms(50) if result.requests else None,
        "p99_ms": result.latency_ms(99) if result.requests else None,
        "max_ms": result.max_ms if result.requests else None,
        "throughput": result.throughput,
        "duration_s": result.duration_s,
        "attack_s": result.attack_s,
        "status_codes": {str(k): v for k, v in sorted(result.status_codes.items())},
        "server_cpu_ms_per_ok": (server_cpu_s * 1000 / ok) if server_cpu_s and ok else None,
    }


def load(targets, **kwargs):
    """`unjam.load.run_load`, but Ctrl-C stops the whole scenario, not just this attack."""
    from unjam.lab.processes import stop_children
    from unjam.load import run_load

    result = run_load(targets, **kwargs)  # (which puts the lab's Ctrl-C handler back)
    if result.interrupted:
        stop_children()
        raise KeyboardInterrupt
    return result
