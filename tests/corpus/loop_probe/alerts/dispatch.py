"""Alerts sent from request handlers: work that blocks goes to a thread when a loop runs in
this thread (`asyncio.get_running_loop()` succeeds), and runs in place only where none does
(its `except RuntimeError:` handler): on the loop, that handler never runs."""

import asyncio
import smtplib
from functools import partial


class AlertDispatcher:
    def __init__(self, host: str, log_path: str):
        self.host = host
        self.log_path = log_path

    def dispatch(self, message: str) -> None:
        self._in_background(self._send_email, message)
        self._page_on_call(message)
        with open(self.log_path, "a") as log:  # expect: UJ001
            log.write(message + "\n")

    def _in_background(self, func, *args) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            func(*args)  # no loop in this thread: run it here
            return
        loop.run_in_executor(None, partial(func, *args))

    def _page_on_call(self, message: str) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._spool(message)
            with smtplib.SMTP(self.host) as smtp:  # ok: only where no loop runs
                smtp.sendmail("alerts@example.com", ["oncall@example.com"], message)  # ok
            return
        loop.run_in_executor(None, self._send_email, message)

    def _send_email(self, message: str) -> None:
        with smtplib.SMTP(self.host) as smtp:  # ok: a worker thread's, or no loop's
            smtp.sendmail("alerts@example.com", ["ops@example.com"], message)  # ok

    def _spool(self, message: str) -> None:
        with open(self.log_path + ".spool", "a") as spool:  # ok: called only where no loop runs
            spool.write(message + "\n")
