"""A fetch by scheme: what the network branch hands on starts with `http://` or
`https://`, so the `file://` test further on never holds there."""

import time
from pathlib import Path


async def fetch(url: str) -> str:
    if url.startswith(("http://", "https://")):
        return await over_network(url)
    if url.startswith("file://"):
        return Path(url[7:]).read_text()  # expect: UJ001
    return ""


async def over_network(url: str) -> str:
    local = url.startswith("file://") or url.startswith("raw:")
    if local:
        if url.startswith("file://"):
            time.sleep(0.1)  # ok
    return url
