import asyncio
import concurrent.futures
import subprocess

from crawler import sync_bits
from crawler.sync_bits import fetch, next_result, pool, record, wait_ready


async def download(url: str) -> bytes:
    await asyncio.sleep(0.1)  # ok
    return fetch(url)


async def crawl(urls: list[str]) -> None:
    pages = await asyncio.gather(*(download(u) for u in urls))  # ok
    for page in pages:
        record(str(len(page)))
    wait_ready()
    sync_bits.acquire_then_release()
    future = pool.submit(fetch, urls[0])  # ok: fetch runs in the executor
    future.result()  # expect: UJ001
    concurrent.futures.wait([future])  # expect: UJ001
    sync_bits.results.put_nowait("x")  # ok: put_nowait does not wait
    print(next_result())


async def on_client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    writer.close()


_SETTINGS: str | None = None


def settings(path: str) -> str:
    global _SETTINGS
    if _SETTINGS is None:
        with open(path) as fh:  # expect: UJ002 (main's own first call, not an earlier one)
            _SETTINGS = fh.read()
    return _SETTINGS


async def main() -> None:
    subprocess.run(["echo", "start"])  # expect: UJ002 (before it serves: start-up)
    settings("/etc/crawler.toml")
    await crawl(["https://example.org"])
    task = asyncio.create_task(crawl([]))  # ok
    server = await asyncio.start_server(on_client, "127.0.0.1", 8099)  # a service: an entry
    async with server:
        await task


if __name__ == "__main__":
    asyncio.run(main())
