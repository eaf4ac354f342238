"""The live diagnostics endpoint: GET /snapshot, POST /reset, GET /metrics.

It runs on its own thread with the standard library's HTTP server, not on the app's event
loop, so it answers while the loop is stalled — which is when the doctor needs it. It is
off unless a port is configured, binds to 127.0.0.1 by default, and refuses to bind
anywhere else without a bearer token, because a snapshot shows stacks and file paths.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from unjam.probe.core import Probe


def is_loopback(host: str) -> bool:
    """`localhost` or a loopback address: where the diagnostics endpoint may run without a token."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class DiagnosticsServer:
    def __init__(
        self, probe: Probe, host: str = "127.0.0.1", port: int = 0, token: str | None = None
    ):
        if not is_loopback(host) and not token:
            raise ValueError(
                f"the diagnostics endpoint binds to {host} only with a token "
                "(UNJAM_PROBE_DIAGNOSTICS_TOKEN / --diagnostics-token)"
            )
        self.probe = probe
        self.token = token
        handler = _make_handler(self)
        self.httpd = ThreadingHTTPServer((host, port), handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, name="unjam-probe-diagnostics", daemon=True
        )

    @property
    def port(self) -> int:
        return int(self.httpd.server_address[1])

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _make_handler(server: DiagnosticsServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "unjam-probe"

        def log_message(self, format: str, *args: object) -> None:
            return

        def _authorized(self) -> bool:
            if not server.token:
                return True
            given = self.headers.get("Authorization", "")
            expected = f"Bearer {server.token}"
            if hmac.compare_digest(given.encode(), expected.encode()):
                return True
            self._reply(401, b'{"error": "missing or wrong bearer token"}\n', "application/json")
            return False

        def _reply(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            if body or status != 204:
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if body and self.command != "HEAD":
                self.wfile.write(body)

        def do_GET(self) -> None:
            if not self._authorized():
                return
            path = self.path.split("?", 1)[0]
            try:
                if path == "/snapshot":
                    body = json.dumps(server.probe.snapshot()).encode()
                    self._reply(200, body, "application/json")
                elif path == "/metrics":
                    from prometheus_client import CONTENT_TYPE_LATEST

                    from unjam.probe.prometheus import exposition

                    self._reply(200, exposition(server.probe), CONTENT_TYPE_LATEST)
                else:
                    self._reply(
                        404,
                        b'{"error": "try /snapshot, /metrics or POST /reset"}\n',
                        "application/json",
                    )
            except Exception as exc:
                server.probe.count_error("diagnostics endpoint", exc)
                self._reply(500, b'{"error": "probe error"}\n', "application/json")

        def do_POST(self) -> None:
            if not self._authorized():
                return
            if self.path.split("?", 1)[0] == "/reset":
                server.probe.reset()
                self._reply(204, b"", "text/plain")
            else:
                self._reply(404, b'{"error": "POST /reset only"}\n', "application/json")

    return Handler
