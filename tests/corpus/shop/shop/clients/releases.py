from functools import lru_cache

import requests


@lru_cache(maxsize=1)
def latest_release() -> str:
    # one round trip per process: the token it holds is not a per-request wait
    return requests.get("https://releases.internal/latest", timeout=5).text  # ok
