"""Set-up done once per process behind a flag the set-up itself sets, and a switch that
looks the same but is never set here."""

import threading
from types import SimpleNamespace

import httpx
from sqlalchemy import create_engine

SETTINGS = SimpleNamespace(audit_disabled=False)


class Registry:
    def __init__(self):
        self._ready = {}
        self._lock = threading.Lock()
        self.engine = None
        self.ready = False
        self.client = None

    def init_engine(self, force: bool = False):
        with self._lock:
            if self._ready.get("sync") and not force:
                return
            self.engine = create_engine("sqlite:///gridhub.db")  # ok
            self._ready["sync"] = True

    def init_client(self):
        if self.ready:
            return None
        self.client = httpx.Client()  # ok
        self.ready = True


registry = Registry()


def audit(event: dict):
    if SETTINGS.audit_disabled:
        return
    with httpx.Client() as client:  # expect: UJ003
        client.post("http://audit.local/events", json=event)  # expect: UJ001
