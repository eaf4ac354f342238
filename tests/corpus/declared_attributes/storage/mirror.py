"""A mirror of remote objects; the HTTP client is a dataclass field handed in by whoever
builds the mirror."""

from dataclasses import dataclass

import httpx


@dataclass
class Mirror:
    base_url: str
    client: httpx.Client
    timeout: float | None = None

    def fetch(self, name: str) -> bytes:
        return self.client.get(f"{self.base_url}/{name}").content  # expect: UJ001

    def describe(self) -> str:
        return self.base_url.rstrip("/")  # ok
