"""The uvicorn pieces `unjam serve` swaps in: a probing Config and a time-stamping protocol.

`ProbeConfig.load()` wraps whatever app uvicorn loaded (after its own proxy-header and
logging wrappers) in `ProbeMiddleware`, so the probe is the outermost layer and sees every
request. With `--before-app`, for the httptools protocol (uvicorn's default when
installed), a subclass stamps
`scope["unjam.received_at"]` when the request headers are parsed, just before uvicorn
creates the request task; the middleware turns that into the `before_app` phase — the time
a parsed request waited for the event loop to start running it.
"""

from __future__ import annotations

from time import perf_counter

from uvicorn.config import Config

from unjam.probe.core import get_probe
from unjam.probe.middleware import ProbeMiddleware

RECEIVED_AT = "unjam.received_at"


def _stamping_httptools_protocol() -> type | None:
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        return None
    if not hasattr(HttpToolsProtocol, "on_headers_complete"):
        return None

    parsed = HttpToolsProtocol.on_headers_complete  # called directly: no super() per request

    class StampingHttpToolsProtocol(HttpToolsProtocol):  # type: ignore[misc, valid-type]
        def on_headers_complete(self) -> None:
            # try is free on 3.11 (suppress() is an object per call); uvicorn sets `scope`
            # when the message begins
            try:
                self.scope[RECEIVED_AT] = perf_counter()
            except Exception as exc:  # never keep the request from going on
                get_probe().count_error("stamping a parsed request", exc)
            parsed(self)

    return StampingHttpToolsProtocol


class ProbeConfig(Config):
    def load(self) -> None:
        probe = get_probe()
        if probe.settings.before_app and self.http in ("auto", "httptools"):
            protocol = _stamping_httptools_protocol()
            if protocol is not None:
                self.http = protocol  # type: ignore[assignment]
        super().load()
        try:
            self.loaded_app = ProbeMiddleware(self.loaded_app, probe=probe)
        except Exception as exc:  # never keep the app from starting
            probe.count_error("wrapping the app", exc)
