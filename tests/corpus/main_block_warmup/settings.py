"""Settings read from a TOML file once per process. The server's launcher reads them
before it starts uvicorn, but only when the module is run as a script: a worker that
imports the app (`uvicorn server:app --workers 4`) reads them on its first request."""

import tomllib
from functools import lru_cache


@lru_cache
def load_settings() -> dict:
    with open("settings.toml", "rb") as handle:  # expect: UJ001 (first call only: the script's warm-up runs in another process)
        return tomllib.load(handle)
