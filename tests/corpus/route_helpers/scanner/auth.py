import time

from fastapi import Header


async def current_scanner(x_key: str = Header()):
    time.sleep(0.01)  # expect: UJ001
    return x_key
