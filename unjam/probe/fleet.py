"""The merged view of several workers' probes, read from their state files.

`FleetView` reads every `worker-<pid>.json` a directory holds (see `unjam.probe.workers`)
and adds them up exactly: histogram bucket counts are summed (every probe histogram shares
one table of bounds), so the merged percentiles are those one process serving all the
requests would report — not an average of percentiles. Stalls are listed from every worker,
each tagged with its pid; the thread pool is given per worker and in total.

It has the attributes the exporters read from a `Probe` (`routes`, `threadpool`,
`stall_hist`, ...), so the diagnostics endpoint and the Prometheus exposition serve the
merged view unchanged. Workers that died are kept: their files are what they reported.

`python -m unjam.probe.fleet DIR` prints the merged snapshot of a directory (for gunicorn or
`uvicorn --workers` runs that set UNJAM_PROBE_WORKERS_DIR themselves).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
import time
from typing import Any

from unjam.probe.histogram import Histogram
from unjam.probe.state import RouteStats, ThreadPoolStats
from unjam.probe.workers import FILE_PREFIX, RESET_FILE, hist_from_raw, read_generation

SNAPSHOT_VERSION = 1


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _add(target: Histogram, raw: dict[str, Any]) -> None:
    counts = target.counts
    for index, n in enumerate(raw.get("counts", ()), start=int(raw.get("offset", 0))):
        counts[index] += int(n)
    target.count += int(raw.get("count", 0))
    target.sum += float(raw.get("sum", 0.0))
    target.max = max(target.max, float(raw.get("max", 0.0)))


class FleetView:
    """The sum of the workers' states in `directory`, re-read by `refresh()`."""

    def __init__(self, directory: str) -> None:
        self.directory = directory
        self.view_errors = 0  # the view's own (unreadable files), added to the workers'
        self.lock = threading.RLock()  # one refresh or snapshot at a time
        self.refresh()

    # -- reading -------------------------------------------------------------------------

    def read_states(self) -> list[dict[str, Any]]:
        """The current generation's worker states, oldest worker first."""
        generation = read_generation(self.directory)
        states = []
        try:
            names = sorted(os.listdir(self.directory))
        except OSError:
            return []
        for name in names:
            if not (name.startswith(FILE_PREFIX) and name.endswith(".json")):
                continue
            try:
                with open(os.path.join(self.directory, name), encoding="utf-8") as handle:
                    state = json.load(handle)
            except (OSError, ValueError):
                self.view_errors += 1
                continue
            if int(state.get("generation", 0)) >= generation:
                states.append(state)
        states.sort(key=lambda s: s.get("started_at", 0.0))
        return states

    def refresh(self) -> None:
        """Re-read the files; built aside, then swapped in, so that a reader on another
        thread (the endpoint serves each request on its own) never sees a half-merged view."""
        with self.lock:
            self._merge(self.read_states())

    def _merge(self, states: list[dict[str, Any]]) -> None:
        routes: dict[str, RouteStats] = {}
        pool = ThreadPoolStats(1)
        loop_lag, stall_hist = Histogram(), Histogram()
        route_stalls: dict[str, int] = {}
        borrowed = waiting = 0
        for state in states:
            _add(stall_hist, state.get("stall_hist", {}))
            for route, n in state.get("route_stalls", {}).items():
                route_stalls[route] = route_stalls.get(route, 0) + int(n)
            _add(loop_lag, state.get("loop_lag", {}))
            worker_pool = state.get("threadpool", {})
            pool.total_tokens += int(worker_pool.get("total_tokens", 0))
            pool.max_borrowed += int(worker_pool.get("max_borrowed", 0))
            pool.max_waiting += int(worker_pool.get("max_waiting", 0))
            borrowed += int(worker_pool.get("borrowed", 0))
            waiting += int(worker_pool.get("waiting", 0))
            _add(pool.wait, worker_pool.get("wait", {}))
            _add(pool.run, worker_pool.get("run", {}))
            for key, raw in state.get("routes", {}).items():
                stats = routes.setdefault(key, RouteStats())
                for code, n in raw.get("status", {}).items():
                    stats.status[int(code)] = stats.status.get(int(code), 0) + int(n)
                for phase, hist in raw.get("phases", {}).items():
                    _add(stats.phase(phase), hist)
                _add(stats.tp_wait, raw.get("tp_wait", {}))
                _add(stats.tp_run, raw.get("tp_run", {}))
        pool.timeline.append([0.0, borrowed, waiting])
        self.states, self.routes, self.threadpool = states, routes, pool
        self.loop_lag, self.stall_hist, self.route_stalls = loop_lag, stall_hist, route_stalls
        self.stall_count = sum(int(state.get("stall_count", 0)) for state in states)

    # -- the Probe interface the exporters use -------------------------------------------

    @property
    def warnings(self) -> list[str]:
        seen: dict[str, None] = {}
        for state in self.states:
            for warning in state.get("warnings", []):
                seen.setdefault(f"[pid {state['pid']}] {warning}")
        return list(seen)

    @property
    def errors(self) -> int:
        return self.view_errors + sum(int(s.get("errors", 0)) for s in self.states)

    def count_error(self, where: str, exc: BaseException | None = None) -> None:
        self.view_errors += 1

    def reset(self, timeout: float = 2.0) -> None:
        """Every worker resets: a new generation, and older files drop out of the view. Each
        worker resets its probe and writes anew within a tenth of a second; this waits for
        the live ones, so a request sent after the reset returned is counted."""
        live = {int(s["pid"]) for s in self.read_states() if _alive(int(s["pid"]))}
        generation = read_generation(self.directory) + 1
        path = os.path.join(self.directory, RESET_FILE)
        with open(f"{path}.tmp", "w", encoding="utf-8") as handle:
            handle.write(str(generation))
        os.replace(f"{path}.tmp", path)
        deadline = time.monotonic() + timeout
        while live and time.monotonic() < deadline:
            live -= {int(s["pid"]) for s in self.read_states()}  # now only the new generation
            live = {pid for pid in live if _alive(pid)}
            time.sleep(0.02)
        self.refresh()

    def snapshot(self) -> dict[str, Any]:
        """The single-process snapshot's shape, merged, plus `workers` and pid-tagged stalls."""
        with self.lock:
            self.refresh()
            return self._snapshot()

    def _snapshot(self) -> dict[str, Any]:
        states = self.states
        stalls = sorted(
            (stall for state in states for stall in state.get("stalls", [])),
            key=lambda stall: stall.get("started_at", 0.0),
        )
        pool = self.threadpool.to_json()
        pool["peaks_are"] = "the sum of each worker's peak"
        pool["workers"] = {str(s["pid"]): _worker_pool(s) for s in states}
        first = states[0] if states else {}
        return {
            "version": SNAPSHOT_VERSION,
            "stalls": stalls,
            "threadpool": pool,
            "routes": {key: stats.to_json() for key, stats in sorted(self.routes.items())},
            "loop_lag_ms": self.loop_lag.summary(),
            "probe": {
                "errors": self.errors,
                "warnings": self.warnings,
                "loop": first.get("loop", "asyncio"),
                "phases": any(s.get("phases") for s in states),
                "phase_sample_ms": float(first.get("phase_sample_ms", 50.0)),
                "threshold_ms": float(first.get("threshold_ms", 25.0)),
                "started_at": min((s.get("started_at", 0.0) for s in states), default=0.0),
            },
            "workers": [_worker_summary(s) for s in states],
        }

    def write_json(self, path: str) -> None:
        data = json.dumps(self.snapshot(), indent=2)
        with open(f"{path}.tmp", "w", encoding="utf-8") as handle:
            handle.write(data)
        os.replace(f"{path}.tmp", path)


def _worker_pool(state: dict[str, Any]) -> dict[str, Any]:
    pool = state.get("threadpool", {})
    return {
        "total_tokens": int(pool.get("total_tokens", 0)),
        "max_borrowed": int(pool.get("max_borrowed", 0)),
        "max_waiting": int(pool.get("max_waiting", 0)),
        "wait_ms": hist_from_raw(pool.get("wait", {})).summary(),
    }


def _worker_summary(state: dict[str, Any]) -> dict[str, Any]:
    pid = int(state["pid"])
    requests = sum(
        int(n) for route in state.get("routes", {}).values() for n in route["status"].values()
    )
    return {
        "pid": pid,
        "alive": _alive(pid),
        "requests": requests,
        "stalls": int(state.get("stall_count", 0)),
        "errors": int(state.get("errors", 0)),
        "written_at": state.get("written_at"),
    }


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or not os.path.isdir(args[0]):
        print("usage: python -m unjam.probe.fleet WORKERS_DIR", file=sys.stderr)
        return 2
    with contextlib.suppress(BrokenPipeError):
        print(json.dumps(FleetView(args[0]).snapshot(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
