"""The library's client: its callers await `fetch` on their loop."""

import json


class Client:
    def __init__(self, settings_path: str) -> None:
        self.settings_path = settings_path

    async def fetch(self, url: str) -> dict:
        with open(self.settings_path) as fh:  # expect: UJ001
            settings = json.load(fh)
        return {"url": url, **settings}
