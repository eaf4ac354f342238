"""`streamq.client` here is the `streamq` library's module, not this file: fetchkit/transports
is a package, never a folder on `sys.path`, so the import loads the library and the module
imports."""

import time

from streamq.client import Consumer

__all__ = ["Consumer", "drain"]


async def drain(consumer: Consumer) -> None:
    time.sleep(0.1)  # expect: UJ001
