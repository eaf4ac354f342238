"""A rate table shared between request handlers and a refresher thread."""

import threading

import requests

_rates: dict[str, float] = {}
_hits: dict[str, int] = {}
_rates_lock = threading.Lock()
_hits_lock = threading.RLock()


def rate(currency: str) -> float | None:
    with _rates_lock:  # ok: a dict read under the lock
        return _rates.get(currency)


def count_hit(currency: str) -> None:
    with _hits_lock:  # ok: a counter bump under the lock
        _hits[currency] = _hits.get(currency, 0) + 1


def refresh_from(url: str) -> None:
    with _rates_lock:  # ok: the lock itself is cheap; the call it guards is the finding
        fresh = requests.get(url, timeout=5).json()  # expect: UJ001
        _rates.update(fresh)


def reserve_slot() -> bool:
    return _rates_lock.acquire(timeout=2)  # expect: UJ001
