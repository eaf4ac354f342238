"""The worker's jobs: its own `src` package, which the API's process never holds."""

import time


def crawl(url: str) -> str:
    time.sleep(1)  # ok: only the worker runs it, and nothing serves the worker
    return url
