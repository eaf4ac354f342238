"""One shared HTTP client; a fresh one only for callers that ask to skip the pool."""

import httpx

_shared = httpx.Client()


def http_client(pooled: bool = True) -> httpx.Client:
    if not pooled:
        return httpx.Client()  # expect: UJ003
    return _shared


def metrics_client(pooled: bool = True) -> httpx.Client:
    if pooled is False:
        return httpx.Client()  # ok
    return _shared
