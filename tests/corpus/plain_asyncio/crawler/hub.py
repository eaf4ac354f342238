"""A hub whose class method runs its main on a Tornado IOLoop (`run_sync(partial(...))`, the
instance from an outside base's `instance()`): what the main does before it listens is
start-up work, not a request's."""

import json
from functools import partial

from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.web import Application
from traitlets.config import SingletonConfigurable


class Hub(SingletonConfigurable):
    async def launch(self, argv=None) -> None:
        with open("/etc/crawler/hub.json") as fh:  # expect: UJ002
            self.routes = json.load(fh)["routes"]
        HTTPServer(Application(self.routes)).listen(8000)

    @classmethod
    def launch_instance(cls, argv=None) -> None:
        self = cls.instance()
        loop = IOLoop(make_current=False)
        loop.run_sync(partial(self.launch, argv))
        loop.start()
