"""A Starlette app class that registers its own methods as routes, built by whoever deploys
it (several may be): every request runs on the one instance that app is, so `if
self._settings is None:` in a method it calls holds across requests (the first request
reads the file), while the log it opens with no memo is opened on every request."""

import json

from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route


class RelayApp(Starlette):
    def __init__(self) -> None:
        super().__init__(
            routes=[
                Route("/relay", self.relay, methods=["POST"]),
                Route("/ping", self.ping),
            ]
        )
        self._settings: dict[str, str] | None = None

    def _load_settings(self) -> dict[str, str]:
        if self._settings is None:
            with open("/etc/relay/settings.json") as source:  # expect: UJ001
                self._settings = json.load(source)
        return self._settings

    async def relay(self, request):
        settings = self._load_settings()
        with open("/var/log/relay.log", "a") as log:  # expect: UJ001
            log.write(json.dumps(settings))
        return JSONResponse({"ok": True})

    async def ping(self, request):
        return JSONResponse({"ok": True})


def create_app() -> RelayApp:
    """What a deployment calls to serve the relay (the library makes no app itself)."""
    return RelayApp()
