"""A status service whose handler table is put together: a base list, a sum of lists, a
choice between two and an `append` — every handler the table may hold is served."""

import time

import tornado.web


class HealthHandler(tornado.web.RequestHandler):
    def get(self):
        time.sleep(0.01)  # expect: UJ001


class VersionHandler(tornado.web.RequestHandler):
    def get(self):
        with open("/srv/dash/VERSION") as fh:  # expect: UJ001
            self.write(fh.read())


class MetricsHandler(tornado.web.RequestHandler):
    def get(self):
        with open("/srv/dash/metrics.prom") as fh:  # expect: UJ001
            self.write(fh.read())


class ConfigHandler(tornado.web.RequestHandler):
    def get(self):
        with open("/srv/dash/config.toml") as fh:  # ok: no table holds it
            self.write(fh.read())


def make_status_app(minimal: bool) -> tornado.web.Application:
    base = [(r"/health", HealthHandler)]
    full = base + [(r"/version", VersionHandler)]
    rules = base if minimal else full
    rules.append((r"/metrics", MetricsHandler))
    return tornado.web.Application(rules)
