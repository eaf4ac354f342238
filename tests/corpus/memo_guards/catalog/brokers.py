"""A connection flag a callback sets back to False is no memo: what its test guards runs
again after every disconnect. A flag only set to True stays a first-call memo."""

import time

from fastapi import APIRouter

router = APIRouter(prefix="/brokers")


class Publisher:
    def __init__(self):
        self.is_connected = False

    def _on_connect(self, *args):
        self.is_connected = True

    def _on_disconnect(self, *args):
        self.is_connected = False  # (the client library calls this when the link drops)

    def connect(self):
        time.sleep(0.5)  # expect: UJ001

    def publish(self, message: str) -> str:
        if not self.is_connected:
            self.connect()
        return message


class Schema:
    def __init__(self):
        self.loaded = False

    def load(self):
        if not self.loaded:
            time.sleep(0.5)  # expect: UJ001
            self.loaded = True


publisher = Publisher()
schema = Schema()


@router.post("/publish")
async def publish(message: str):
    schema.load()
    return {"sent": publisher.publish(message)}
