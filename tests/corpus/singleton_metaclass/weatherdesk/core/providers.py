import httpx

from weatherdesk.core.patterns import (
    CheckedSingleton,
    OneSlot,
    Registered,
    SingletonMeta,
    Tracked,
)


class Forecasts(metaclass=SingletonMeta):
    def __init__(self):
        self.client = httpx.Client(base_url="https://forecasts.example.com")  # ok: built once
        self.token = None

    def _token(self):
        if self.token is None:
            self.token = self.client.post("/token").json()["token"]  # expect: UJ001
        return self.token

    def daily(self, city: str):
        headers = {"authorization": self._token()}
        return self.client.get("/daily", params={"city": city}, headers=headers).json()  # expect: UJ001


class Alerts(Forecasts):
    """A subclass: the metaclass is inherited, and keeps one `Alerts` too."""

    def __init__(self):
        self.client = httpx.Client(base_url="https://alerts.example.com")  # ok: built once
        self.token = None


class Radar(metaclass=OneSlot):
    _only = None

    def __init__(self):
        self.client = httpx.Client(base_url="https://radar.example.com")  # ok: built once


class Stations(metaclass=Registered):
    def __init__(self):
        self.client = httpx.Client(base_url="https://stations.example.com")  # expect: UJ003

    def near(self, city: str):
        return self.client.get("/near", params={"city": city}).json()  # expect: UJ005


class Tiles:
    """`__new__` hands back the kept instance, but Python still runs `__init__` on every
    call: the client is built per request."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __init__(self):
        self.client = httpx.Client(base_url="https://tiles.example.com")  # expect: UJ003


class Settings(metaclass=CheckedSingleton):
    def __init__(self):
        with open("/etc/weatherdesk/settings.json") as fh:  # expect: UJ001 (first call only)
            self.raw = fh.read()


class Quotas(metaclass=Tracked):
    def __init__(self):
        with open("/etc/weatherdesk/quotas.json") as fh:  # expect: UJ001
            self.raw = fh.read()


class Catalog(metaclass=CheckedSingleton):
    def __init__(self):
        with open("/etc/weatherdesk/catalog.json") as fh:  # ok: main.py builds it at import
            self.raw = fh.read()
