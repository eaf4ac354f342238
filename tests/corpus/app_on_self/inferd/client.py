"""A client for the server, shipped in the same package: its coroutines run in the caller's
programs, never under the server's app."""

import time

import requests


class InferClient:
    def __init__(self, base: str) -> None:
        self.base = base

    async def wait_ready(self) -> None:
        while requests.get(f"{self.base}/health").status_code != 200:  # ok: not served
            time.sleep(1)  # ok: not served
