"""The lab's slow downstream, counting how many calls it serves at once.

A fact the lab's tests can assert whatever the machine's speed: a checker that calls one
endpoint after another never has two calls in flight; one that gathers them has them all.
`GET /_in_flight` answers {"max": ..., "calls": ...}; `DELETE /_in_flight` starts over.
"""

from __future__ import annotations

import json

from unjam.lab.downstreams.slow import app as slow


class InFlight:
    def __init__(self, app) -> None:
        self.app = app
        self.now = self.most = self.calls = 0

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
        elif scope["path"] == "/_in_flight":
            body = json.dumps({"max": self.most, "calls": self.calls}).encode()
            if scope["method"] == "DELETE":
                self.now = self.most = self.calls = 0  # only called between runs
            headers = [(b"content-type", b"application/json")]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": body})
        else:
            self.now += 1
            self.calls += 1
            self.most = max(self.most, self.now)
            try:
                await self.app(scope, receive, send)
            finally:
                self.now -= 1


app = InFlight(slow)
