import json
from functools import lru_cache
from pathlib import Path

from cachetools import TTLCache, cached

CONFIG = Path("/etc/scheduler/config.json")


@lru_cache
def get_settings() -> dict:
    return json.loads(CONFIG.read_text())  # ok: its one call is made at import (main.py)


@lru_cache
def get_feature_flags() -> dict:
    return json.loads(Path("/etc/scheduler/flags.json").read_text())  # expect: UJ001 (on the first request)


@cached(cache=TTLCache(maxsize=1, ttl=60))
def get_limits() -> dict:
    return json.loads(Path("/etc/scheduler/limits.json").read_text())  # expect: UJ001 (once a minute)


SCHEMAS = Path("/etc/scheduler/schemas")


@lru_cache(maxsize=8)
def read_schema(path: str) -> dict:
    return json.loads(Path(path).read_text())  # ok: the one key below is read at import (main.py)


def job_schema() -> dict:
    path = SCHEMAS / "job.json"
    return read_schema(str(path))


@lru_cache(maxsize=8)
def read_template(path: str) -> str:
    return Path(path).read_text()  # expect: UJ001 (a key per kind the request names)


def template_for(kind: str) -> str:
    return read_template(str(SCHEMAS / f"{kind}.txt"))


@lru_cache(maxsize=4)
def read_columns(path: str) -> dict:
    return json.loads(Path(path).read_text())  # expect: UJ001 (only a script nothing imports reads it first)


def columns() -> dict:
    return read_columns(str(SCHEMAS / "columns.json"))
