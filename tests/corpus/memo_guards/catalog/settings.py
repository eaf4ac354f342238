"""Settings memoised on a class, first filled by a class body at import; a config getter
whose early return also needs a flag (the rest runs on every call while the flag is unset),
one that returns a context's override first (the rest runs whenever none is set), and a
done-flag each new batch re-arms (the flush runs once per batch), not another class's."""

import os
import time
from contextvars import ContextVar

from fastapi import APIRouter

settings = APIRouter()


class Exchanges:
    all_exchanges: dict = {}

    @classmethod
    def scan(cls) -> dict:
        return {entry.name: entry.path for entry in os.scandir("/srv/exchanges")}  # ok

    @classmethod
    def known(cls) -> dict:
        if len(cls.all_exchanges) == 0:
            cls.all_exchanges = cls.scan()
        return cls.all_exchanges

    @classmethod
    def names(cls) -> set:
        return set(cls.known())


class Limits:
    # the class body runs at import: the scan is made then, before any request
    per_exchange = {name: 10 for name in Exchanges.names()}


_config: dict | None = None
_custom = False


def load_config() -> dict:
    global _config
    if _config is not None and _custom:
        return _config
    with open("/srv/catalog.yaml") as fh:  # expect: UJ001
        _config = {"raw": fh.read()}
    return _config


@settings.get("/exchanges/{name}")
async def exchange(name: str):
    return {"path": Exchanges.known().get(name), "limit": Limits.per_exchange.get(name)}


@settings.get("/config")
async def config():
    return load_config()


_override: ContextVar[str | None] = ContextVar("override", default=None)


def use_theme(theme: str) -> None:
    _override.set(theme)


def theme() -> str:
    chosen = _override.get()
    if chosen is not None:
        return chosen
    with open("/srv/theme.txt") as fh:  # expect: UJ001
        return fh.read()


@settings.get("/theme")
async def current_theme():
    return theme()


class Batches:
    def __init__(self) -> None:
        self._flushed = False
        self.items: list[str] = []

    def start(self) -> None:
        self.items = []
        self._flushed = False

    def flush(self) -> None:
        if self._flushed:
            return
        time.sleep(0.5)  # expect: UJ001
        self._flushed = True


batches = Batches()


@settings.post("/batches")
async def close_batch():
    batches.flush()
    batches.start()


_deferring: ContextVar[bool] = ContextVar("deferring", default=False)


def defer_flush() -> None:
    _deferring.set(True)


@settings.post("/batches/flush")
async def flush_now():
    if not _deferring.get():
        time.sleep(0.5)  # expect: UJ001


class Renderer:
    def check_cache(self, params: dict) -> str | None:
        with open("/srv/render-cache.txt") as fh:  # expect: UJ001
            return fh.read() if params["text"] else None

    def save_cache(self, params: dict, rendered: str) -> None:
        self.saved = (params, rendered)

    def render(self, text: str) -> str:
        params = {"text": text.strip()}
        cached = self.check_cache(params)
        if cached is not None:
            return cached
        time.sleep(0.2)  # expect: UJ001
        self.save_cache(params, text)
        return text

    async def _cached_menu(self) -> list | None:
        return None

    async def menu(self) -> list:
        """A cache some other code fills (or nothing does): every miss pays, not the first."""
        cached = await self._cached_menu()
        if cached is not None:
            return cached
        time.sleep(0.3)  # expect: UJ001
        return []


renderer = Renderer()


@settings.post("/render")
async def render(text: str):
    return renderer.render(text)


@settings.get("/menu")
async def menu():
    return await renderer.menu()


_layout: str | None = None
_layout_path = "/srv/layout.yaml"


def load_layout(path: str = "/srv/layout.yaml") -> str:
    """Reloaded when the path changes: the test is bound to a local first."""
    global _layout, _layout_path
    reload = _layout is None or _layout_path != path
    if reload:
        with open(path) as fh:  # ok: made at import (below), before any request
            _layout = fh.read()
        _layout_path = path
    return _layout


LAYOUT = load_layout()


@settings.get("/layout")
async def layout():
    return load_layout()


def load_account(user_id: int) -> dict | None:
    return None


@settings.post("/checkout/{user_id}")
async def checkout(user_id: int):
    """A field of the user's own row: each new user pays, no first call only."""
    account = load_account(user_id)
    customer = (account or {}).get("customer_id")
    if not customer:
        time.sleep(0.1)  # expect: UJ001
    return customer


# tests of a setting, not memos: the blocking work under them runs on every call the
# setting allows, whatever ran before


class Config:
    def is_mock_mode(self) -> bool:
        return False


_cfg = Config()


def launch(dry_run: bool = False) -> str:
    if not (_cfg.is_mock_mode() or dry_run):
        time.sleep(5)  # expect: UJ001 (on every launch that is neither mock nor dry)
    return "launched"


def warm() -> None:
    if not _cfg.is_mock_mode():
        time.sleep(1)  # expect: UJ001 (a setting's answer, which nothing here changes)


@settings.post("/launch")
async def post_launch():
    warm()
    return launch()


class Warmup:
    def __init__(self) -> None:
        self._warmed = False

    def warm(self) -> None:
        if self._warmed:
            return
        time.sleep(0.5)  # expect: UJ001 (first call only: `Cooler` re-arms its own flag)
        self._warmed = True


class Cooler:
    """Another class's flag of the same name, which its own `reset` re-arms."""

    def __init__(self) -> None:
        self._warmed = True

    def reset(self) -> None:
        self._warmed = False


warmup = Warmup()


@settings.post("/warm")
async def warm_up():
    warmup.warm()


class TokenKeys:
    """A key given inline, else read from a file on each call: nothing keeps what it reads,
    so the early return is configuration, not a memo."""

    public_key: str = ""
    public_key_path: str = "/srv/keys/public.pem"

    def verification_key(self) -> str:
        if self.public_key:
            return self.public_key
        with open(self.public_key_path) as fh:  # expect: UJ001 (on every call)
            return fh.read()


token_keys = TokenKeys()


@settings.get("/keys/public")
async def public_key():
    return {"key": token_keys.verification_key()}


# a module-level call with a `**` mapping: its keywords include one without a name
_RETRY = {"attempts": 3}
RETRY_POLICY = dict(**_RETRY, backoff=0.5)
