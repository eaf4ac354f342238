"""A service the module builds at import, whose `__init__` runs its own set-up, which sets
the flag its methods test: `if not self.ready: self.load()` runs again only if that import-time
set-up failed, so no request pays for it. A flag the set-up leaves to its caller is no such
guard: `self.connect()` does not set `self.open`, `send` does, on the first request."""

import json

from fastapi import FastAPI


class Notifier:
    def __init__(self) -> None:
        self.ready = False
        self.settings: dict = {}
        self.load()

    def load(self) -> None:
        with open("notifier.json") as f:  # ok: read as the module loads
            self.settings = json.load(f)
        self.ready = True

    async def notify(self, text: str) -> str:
        if not self.ready:
            self.load()
        return text


class Mailer:
    def __init__(self) -> None:
        self.open = False
        self.connect()

    def connect(self) -> None:
        with open("mailer.json") as f:  # expect: UJ001
            f.read()

    async def send(self, text: str) -> str:
        if not self.open:
            self.connect()
            self.open = True
        return text


notifier = Notifier()
mailer = Mailer()
app = FastAPI()


@app.post("/notify")
async def notify(text: str):
    return {"sent": await notifier.notify(text), "mailed": await mailer.send(text)}
