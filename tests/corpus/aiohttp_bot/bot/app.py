"""The bot's web server, started inside its main beside the bot's own work: routes by
decorator table, by the router's methods and by route definitions, one class-based view,
one middleware, one startup signal."""

import asyncio
import json
import time

from aiohttp import web

from bot.handlers import (
    check_upload,
    download,
    Health,
    ItemsView,
    load_config,
    logs,
    open_store,
    reload_plugins,
    routes,
    stamp,
    timing,
    upload,
)


def make_app() -> web.Application:
    app = web.Application(middlewares=[timing])
    app.add_routes(routes)
    app.router.add_post("/upload", upload)
    app.router.add_route("PUT", "/plugins", reload_plugins)
    app.add_routes([web.get("/logs", logs), web.view("/items", ItemsView)])
    app.router.add_get("/health", Health())
    app.on_startup.append(load_config)
    app.cleanup_ctx.append(open_store)
    app.on_response_prepare.append(stamp)
    resource = app.router.add_resource("/download")
    resource.add_route("GET", download)
    resource = app.router.add_resource("/upload")
    resource.add_route("HEAD", check_upload)
    return app


async def poll_feeds() -> None:
    while True:
        time.sleep(5)  # expect: UJ001 (the bot's own loop serves the app too)
        await asyncio.sleep(60)


async def main() -> None:
    with open("/srv/bot/feeds.json") as fh:  # expect: UJ002
        feeds = json.load(fh)
    runner = web.AppRunner(make_app())
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 8080).start()
    task = asyncio.create_task(poll_feeds())
    await asyncio.gather(task, *feeds)


if __name__ == "__main__":
    asyncio.run(main())
