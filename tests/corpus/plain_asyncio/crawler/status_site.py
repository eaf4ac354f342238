"""A status page on aiohttp's runner and site: `site.start()` starts a server, so this main
is a service (its blocking read stays a finding)."""

import asyncio

from aiohttp import web


async def status(request: web.Request) -> web.Response:
    return web.Response(text="ok")


async def serve_status() -> None:
    app = web.Application()
    app.router.add_get("/status", status)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 8080)
    await site.start()
    while True:
        with open("/srv/status/heartbeat") as fh:  # expect: UJ001
            fh.read()
        await asyncio.sleep(10)


if __name__ == "__main__":
    asyncio.run(serve_status())
