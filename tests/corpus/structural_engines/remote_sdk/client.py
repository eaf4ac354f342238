"""The Python client shipped beside the service: it has an engine's methods too, but the
service never imports it."""

import requests


class RemoteEngine:
    def __init__(self, url: str) -> None:
        self.url = url

    def start(self) -> None:
        requests.post(f"{self.url}/start", timeout=5)  # ok (not the service's engine)

    def preview(self, query: str) -> list:
        return requests.get(f"{self.url}/preview", params={"q": query}, timeout=5).json()  # ok

    def shutdown(self) -> None:
        requests.post(f"{self.url}/shutdown", timeout=5)  # ok (not the service's engine)


def connect(url: str) -> RemoteEngine:
    return RemoteEngine(url)
