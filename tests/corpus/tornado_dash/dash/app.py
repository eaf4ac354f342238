"""A Tornado dashboard: the application's handler table names what it serves."""

import tornado.web

from dash.handlers import DevicesHandler, LogsSocket, UploadHandler
from dash.reports import ReportHandler

DEVICES = r"/devices"


def make_app() -> tornado.web.Application:
    return tornado.web.Application(
        [
            (DEVICES, DevicesHandler),
            tornado.web.url(r"/upload", UploadHandler),
            (r"/logs", LogsSocket),
            (r"/report", ReportHandler),
        ],
        debug=False,
    )
