"""A report built on the IOLoop: a poll the loop calls back later, scheduled through
`IOLoop.current()`. A worker thread's `IOLoop.current()` is not the serving loop, and the
poll would never run: the fix must move the file work, not the function."""

import os
import subprocess

import tornado.web
from tornado.ioloop import IOLoop


def start_report(path: str) -> None:
    if os.path.exists(path):
        os.remove(path)  # expect: UJ001
    process = subprocess.Popen(["render-report", path])  # expect: UJ001

    def poll() -> None:
        try:
            process.poll()
        except OSError:
            return
        if process.returncode is None:
            IOLoop.current().call_later(1, poll)

    poll()


class ReportHandler(tornado.web.RequestHandler):
    async def post(self):
        start_report("/srv/dash/report.pdf")
        self.write("started")
