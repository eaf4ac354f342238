"""pytest plugin: fail a test whose code stalls the event loop, naming the route and line.

Registered as the `unjam` pytest11 entry point, so it is loaded into every pytest run in an
environment where unjam is installed. It therefore does nothing — imports nothing beyond
pytest, starts no thread — unless a test opts in with one of:

* the `unjam_no_stall(threshold_ms=25)` marker,
* the `unjam_probe` fixture (which also gives the test the stalls and the snapshot),
* `--unjam-stall[=MS]` on the command line, for every test of the run.

While an opted-in test runs, apps handed to `httpx.ASGITransport(app=...)`, to
`fastapi.testclient.TestClient` (Starlette's, which runs the app on its own loop in a portal
thread) or served by an in-process `uvicorn.Server` (a live server the test starts in a
thread) are instrumented automatically, and every request is timed (which is what attaches
the probe to each new loop); servers in other processes report through `unjam_probe.collect(...)` with
their JSON snapshot or diagnostics URL.
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

DEFAULT_THRESHOLD_MS = 25.0
_GUARD_KEY = pytest.StashKey["StallGuard"]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("unjam", "unjam event-loop stall detection")
    group.addoption(
        "--unjam-stall",
        action="store",
        nargs="?",
        const=str(DEFAULT_THRESHOLD_MS),
        default=None,
        metavar="MS",
        dest="unjam_stall",
        help="fail any test that stalls the event loop for MS milliseconds or more "
        f"(default {DEFAULT_THRESHOLD_MS:g})",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "unjam_no_stall(threshold_ms=25): fail the test if its code stalls the event loop "
        "for threshold_ms or more; the failure names the route and the blocking line",
    )


def _threshold_for(item: pytest.Item) -> float | None:
    marker = item.get_closest_marker("unjam_no_stall")
    if marker is not None:
        value = marker.kwargs.get("threshold_ms", marker.args[0] if marker.args else None)
        return float(value) if value is not None else DEFAULT_THRESHOLD_MS
    option = item.config.getoption("unjam_stall", default=None)
    if option is not None:
        try:
            return float(option)
        except ValueError:
            raise pytest.UsageError(f"--unjam-stall={option!r}: expected milliseconds") from None
    if "unjam_probe" in getattr(item, "fixturenames", ()):
        return DEFAULT_THRESHOLD_MS
    return None


class StallGuard:
    """Collects the stalls of one test; the `unjam_probe` fixture's value."""

    def __init__(self, threshold_ms: float) -> None:
        self.threshold_ms = float(threshold_ms)
        self.stalls: list[dict[str, Any]] = []
        self.fail_on_stall = True
        self._active = False
        self._undo: list[Any] = []

    # -- lifecycle ----------------------------------------------------------------------------

    def start(self) -> None:
        if self._active:
            return
        from unjam.probe.core import get_probe

        probe = get_probe()
        self._saved_threshold = probe.settings.threshold_ms
        probe.settings.threshold_ms = self.threshold_ms
        # Every request timed: a timed request is what attaches the probe to a new loop,
        # and TestClient starts one (in a portal thread) per request outside `with`.
        self._saved_sample_ms = probe.settings.phase_sample_ms
        probe.settings.phase_sample_ms = 0.0
        probe.sample_due = True
        probe.reset()
        probe.stall_listeners.append(self._on_stall)
        self._patch_transports()
        self._active = True

    def settle(self, timeout: float = 1.0) -> None:
        """Wait for a stall the watchdog is still sampling to be judged."""
        from unjam.probe.core import get_probe

        watchdog = get_probe().watchdog
        deadline = time.monotonic() + timeout
        while watchdog is not None and watchdog.sampling and time.monotonic() < deadline:
            time.sleep(0.005)

    def stop(self) -> None:
        if not self._active:
            return
        from unjam.probe.core import get_probe

        self.settle()
        probe = get_probe()
        if self._on_stall in probe.stall_listeners:
            probe.stall_listeners.remove(self._on_stall)
        probe.settings.threshold_ms = self._saved_threshold
        probe.settings.phase_sample_ms = self._saved_sample_ms
        for undo in reversed(self._undo):
            undo()
        self._undo.clear()
        self._active = False

    def _on_stall(self, record: dict[str, Any]) -> None:
        if record.get("duration_ms", 0.0) >= self.threshold_ms:
            self.stalls.append(record)

    def _patch_transports(self) -> None:
        """Instrument apps given to httpx.ASGITransport, Starlette's (and so FastAPI's)
        TestClient, or an in-process uvicorn server."""
        from unjam.probe.middleware import instrument

        try:
            from starlette.testclient import TestClient

            original_client_init = TestClient.__init__

            def client_init(client: Any, app: Any, *args: Any, **kwargs: Any) -> None:
                original_client_init(client, instrument(app), *args, **kwargs)

            TestClient.__init__ = client_init  # type: ignore[method-assign]
            self._undo.append(lambda: setattr(TestClient, "__init__", original_client_init))
        except ImportError:
            pass

        try:
            import httpx

            original_init = httpx.ASGITransport.__init__

            def init(transport: Any, app: Any, *args: Any, **kwargs: Any) -> None:
                original_init(transport, instrument(app), *args, **kwargs)

            httpx.ASGITransport.__init__ = init  # type: ignore[method-assign]
            self._undo.append(lambda: setattr(httpx.ASGITransport, "__init__", original_init))
        except ImportError:
            pass
        try:
            from uvicorn.config import Config

            original_load = Config.load

            def load(config: Any) -> None:
                original_load(config)
                config.loaded_app = instrument(config.loaded_app)

            Config.load = load  # type: ignore[method-assign]
            self._undo.append(lambda: setattr(Config, "load", original_load))
        except ImportError:
            pass

    # -- for tests ----------------------------------------------------------------------------

    def instrument(self, app: Any) -> Any:
        from unjam.probe.middleware import instrument

        return instrument(app)

    def snapshot(self) -> dict[str, Any]:
        from unjam.probe.core import get_probe

        self.settle()
        return get_probe().snapshot()

    def collect(self, source: str | Path | dict[str, Any]) -> list[dict[str, Any]]:
        """Add the stalls of another process: a snapshot dict, JSON file or diagnostics URL."""
        if isinstance(source, dict):
            snapshot = source
        elif str(source).startswith(("http://", "https://")):
            url = str(source).rstrip("/")
            if not url.endswith("/snapshot"):
                url += "/snapshot"
            with urllib.request.urlopen(url, timeout=10) as response:
                snapshot = json.loads(response.read())
        else:
            snapshot = json.loads(Path(source).read_text(encoding="utf-8"))
        found = [
            s for s in snapshot.get("stalls", []) if s.get("duration_ms", 0) >= self.threshold_ms
        ]
        self.stalls.extend(found)
        return found

    def report(self) -> str:
        lines = [
            f"unjam: the event loop stalled {len(self.stalls)} time(s) "
            f"for {self.threshold_ms:g} ms or more:"
        ]
        for stall in self.stalls[:10]:
            frame = stall.get("blocking_frame") or {}
            lines.append(
                f"  {stall.get('duration_ms', 0):.0f} ms in {stall.get('route') or '(no route)'}"
                f" — {frame.get('path')}:{frame.get('line')} in {frame.get('function')}"
                + (f" [{stall['endpoint']}]" if stall.get("endpoint") else "")
            )
            for entry in (stall.get("stack") or [])[-4:]:
                lines.append(f"      {entry['path']}:{entry['line']} {entry['function']}")
        return "\n".join(lines)


@pytest.fixture
def unjam_probe(request: pytest.FixtureRequest) -> Any:
    """The stall guard of this test: `.stalls`, `.snapshot()`, `.collect(...)`, `.fail_on_stall`."""
    guard = request.node.stash.get(_GUARD_KEY, None)
    if guard is None:
        guard = StallGuard(_threshold_for(request.node) or DEFAULT_THRESHOLD_MS)
        request.node.stash[_GUARD_KEY] = guard
    guard.start()
    yield guard
    guard.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    guard = item.stash.get(_GUARD_KEY, None)
    if guard is None:
        threshold = _threshold_for(item)
        if threshold is None:
            return (yield)
        guard = StallGuard(threshold)
        item.stash[_GUARD_KEY] = guard
        guard.start()
        owned = True
    else:
        owned = False
    try:
        result = yield
    finally:
        guard.settle()
        if owned:
            guard.stop()
    if guard.fail_on_stall and guard.stalls:
        pytest.fail(guard.report(), pytrace=False)
    return result
