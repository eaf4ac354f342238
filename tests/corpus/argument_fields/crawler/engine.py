"""One engine for every route: a run rebuilds its options only when none were given, and
fetches a `file://` URL from the disk, anything else over the network."""

import time
from pathlib import Path

import httpx

from crawler.config import Batch, RunConfig, Tunable


class Engine:
    async def run(self, url: str, config: RunConfig | None = None) -> str:
        config = config or RunConfig()
        if config.check_robots:
            httpx.get(url + "/robots.txt")  # ok
        return await self.fetch(url, config=config)

    async def fetch(self, url: str, config: RunConfig) -> str:
        if url.startswith("file://"):
            return Path(url[7:]).read_text()  # ok
        page = url
        if config.screenshot:
            time.sleep(0.5)  # expect: UJ001
        return page


async def report(options: Tunable) -> None:
    if options.verbose:
        time.sleep(0.1)  # expect: UJ001


engine = Engine()


async def flush(batch: Batch) -> None:
    if batch.content:
        time.sleep(0.1)  # expect: UJ001


class Retrier:
    """Armed after it is built: `arm` changes the field in place (`+=`)."""

    def __init__(self, retries: int = 0):
        self.retries = retries

    def arm(self) -> None:
        self.retries += 3

    async def wait(self) -> None:
        if self.retries:
            time.sleep(0.1)  # expect: UJ001
