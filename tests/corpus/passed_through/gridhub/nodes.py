"""Instances that are one per process without being built at module level: by the
`__init__` of a module-level singleton, or by a function only the module body calls."""

import time

import httpx

_models: list | None = None
_models_at = 0.0


class NodeClient:
    def __init__(self):
        self.initialized = False
        self.client = None

    def connect(self):
        if not self.initialized:
            self.client = httpx.Client()  # ok
            self.initialized = True
        return self.client


class NodeManager:
    def __init__(self):
        self.nodes = NodeClient()


class Scheduler:
    def __init__(self):
        self.client = None

    def session(self):
        if self.client is None:
            self.client = httpx.Client()  # ok
        return self.client


def build_scheduler():
    return Scheduler()


class PerRequest:
    def __init__(self):
        self.client = None

    def session(self):
        if self.client is None:
            self.client = httpx.Client()  # expect: UJ003
        return self.client


def model_list():
    global _models, _models_at
    if _models is not None and time.monotonic() - _models_at < 3600:
        return _models
    with httpx.Client() as client:  # ok
        _models = client.get("http://hub.local/models").json()  # expect: UJ001
    _models_at = time.monotonic()
    return _models


manager = NodeManager()
scheduler = build_scheduler()
