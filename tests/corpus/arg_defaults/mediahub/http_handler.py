"""A small synchronous HTTP helper: one method streams to disk, only when asked to."""

import functools

import requests


class HTTPHandler:
    def get(self, url: str, stream: bool = False):
        if stream:
            return requests.get(url, stream=True)  # expect: UJ001
        return {"url": url}

    def post(self, url: str, data: dict, stream: bool = False):
        if stream is True:
            return requests.post(url, json=data)  # ok
        return {"url": url, "queued": data}

    def report(self, url: str, cached: bool = True):
        if not cached:
            return requests.get(url)  # expect: UJ001
        return {"url": url, "cached": True}


handler = HTTPHandler()


def get_secret(name: str):
    return handler.get(f"http://vault.local/{name}")


def queue_event(payload: dict):
    return handler.post("http://events.local/", payload)


def fetch_page(url: str, render: bool = False):
    if render:
        return requests.get(url, params={"render": 1})  # expect: UJ001
    return {"url": url}


# bound once with the argument: a call through it passes `render=True` unseen at the call site
fetch_page = functools.partial(fetch_page, render=True)
