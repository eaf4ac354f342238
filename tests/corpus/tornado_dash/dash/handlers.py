"""Handler methods run on Tornado's IOLoop (asyncio's), a `def` one as much as an `async
def` one: there is no thread pool for them."""

import asyncio
import time
from pathlib import Path

import tornado.web
import tornado.websocket


class DevicesHandler(tornado.web.RequestHandler):
    def get(self):
        with open("/srv/dash/devices.json") as fh:  # expect: UJ001
            self.write(fh.read())


class UploadHandler(tornado.web.RequestHandler):
    def _save(self, data: bytes) -> None:
        Path("/srv/dash/firmware.bin").write_bytes(data)  # ok: run in the executor

    async def post(self):
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, self._save, self.request.body)
        Path("/srv/dash/last-upload").write_text("ok")  # expect: UJ001


class LogsSocket(tornado.websocket.WebSocketHandler):
    def on_message(self, message):
        time.sleep(0.1)  # expect: UJ001
        self.write_message(message)


class UnroutedHandler(tornado.web.RequestHandler):
    def get(self):
        time.sleep(1)  # ok: no application routes it
