"""aiohttp calls every handler on its event loop: what one blocks on stalls every request."""

import json
import subprocess
import time

from aiohttp import web

routes = web.RouteTableDef()


@routes.get("/status")
async def status(request: web.Request) -> web.Response:
    with open("/srv/bot/status.json") as fh:  # expect: UJ001
        return web.json_response(json.load(fh))


async def upload(request: web.Request) -> web.Response:
    data = await request.read()
    with open("/srv/bot/plugin.zip", "wb") as fh:  # expect: UJ001
        fh.write(data)
    return web.Response(text="ok")


async def reload_plugins(request: web.Request) -> web.Response:
    subprocess.run(["/srv/bot/reload"], check=True)  # expect: UJ001
    return web.Response(text="reloaded")


async def logs(request: web.Request) -> web.Response:
    time.sleep(0.1)  # expect: UJ001
    return web.Response(text="")


class ItemsView(web.View):
    async def get(self) -> web.Response:
        time.sleep(0.2)  # expect: UJ001
        return web.json_response([])


@web.middleware
async def timing(request: web.Request, handler):
    time.sleep(0.01)  # expect: UJ001
    return await handler(request)


async def load_config(app: web.Application) -> None:
    with open("/srv/bot/config.json") as fh:  # expect: UJ002
        app["config"] = json.load(fh)


@routes.view("/feeds")
class FeedsView(web.View):
    async def post(self) -> web.Response:
        with open("/srv/bot/feeds.json", "a") as fh:  # expect: UJ001
            fh.write(await self.request.text())
        return web.Response(status=201)


class Health:
    """A callable instance as a handler."""

    async def __call__(self, request: web.Request) -> web.Response:
        time.sleep(0.01)  # expect: UJ001
        return web.Response(text="ok")


async def open_store(app: web.Application):
    app["store"] = open("/srv/bot/store.log", "a")  # expect: UJ002
    yield
    app["store"].close()


async def stamp(request: web.Request, response: web.StreamResponse) -> None:
    with open("/srv/bot/version") as fh:  # expect: UJ001
        response.headers["X-Version"] = fh.read()


async def download(request: web.Request) -> web.FileResponse:
    with open("/srv/bot/manifest.json") as fh:  # expect: UJ001
        name = fh.read().strip()
    return web.FileResponse(name)


async def check_upload(request: web.Request) -> web.Response:
    time.sleep(0.01)  # expect: UJ001
    return web.Response()
