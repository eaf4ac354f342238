"""Settings read from disk: once per process through lru_cache, the banner on every call."""

import json
from functools import lru_cache
from pathlib import Path

CONFIG = Path("/etc/gateway/config.json")
BANNER = Path("/etc/gateway/banner.txt")


def _load(path: Path) -> dict:
    with open(path) as fh:  # expect: UJ001
        return json.load(fh)


@lru_cache
def get_settings() -> dict:
    return _load(CONFIG)


def banner() -> str:
    return BANNER.read_text()  # expect: UJ001
