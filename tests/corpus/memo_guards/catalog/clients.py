"""Clients built once and kept: every shape of memo guard the rules must recognise."""

import threading
from functools import lru_cache

import boto3
import httpx
import requests

_s3 = None
_tables: dict = {}
_sessions: dict = {}
_lock = threading.Lock()


def get_s3():
    global _s3
    if _s3 is None:
        _s3 = boto3.client("s3")  # ok
    return _s3


def table(name: str):
    if name not in _tables:
        _tables[name] = boto3.resource("dynamodb").Table(name)  # ok
    return _tables[name]


def session_for(host: str) -> requests.Session:
    session = _sessions.get(host)
    if session is None:
        session = _sessions[host] = requests.Session()  # ok
    return session


def cached_session(host: str) -> requests.Session:
    if host in _sessions:
        return _sessions[host]
    created = requests.Session()  # ok
    _sessions[host] = created
    return created


class Search:
    _http = None

    @classmethod
    def http(cls) -> httpx.Client:
        if cls._http is None:
            cls._http = httpx.Client(base_url="http://search.internal")  # ok
        return cls._http


@lru_cache
def pricing() -> httpx.Client:
    return httpx.Client(base_url="http://pricing.internal")  # ok


def from_app_state(request):
    if request.app.state.ledger is None:
        request.app.state.ledger = httpx.Client(base_url="http://ledger.internal")  # ok
    return request.app.state.ledger


def fresh_session(session=None) -> requests.Session:
    # a parameter defaulting to None: a new session on every call that passes none
    if session is None:
        session = requests.Session()  # expect: UJ003
    return session


def scratch_client():
    client = None
    if client is None:
        client = boto3.client("sqs")  # expect: UJ003
    return client


class ClientCache:
    def __init__(self) -> None:
        self._entries: dict[str, object] = {}

    def get_cache(self, key: str):
        return self._entries.get(key)

    def set_cache(self, key: str, value: object) -> None:
        self._entries[key] = value


clients_cache = ClientCache()


def billing_client() -> httpx.Client:
    # cache-aside through a cache object: built on a miss only
    cached = clients_cache.get_cache("billing")
    if cached:
        return cached
    client = httpx.Client(base_url="http://billing.internal")  # ok
    clients_cache.set_cache("billing", client)
    return client
