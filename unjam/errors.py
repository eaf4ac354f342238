"""Errors a user can act on, and the exit codes they map to.

Every verb raises `UserError` (or a subclass) for bad input; `unjam.cli.main` prints it as
one line on stderr and exits with its code — never a traceback. Codes are distinct per cause
so scripts and CI can tell "your app has findings" from "your command was wrong".
"""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0
    FINDINGS = 1  # check found something / diff past threshold / stall in a test
    USAGE = 2  # bad flags, bad config, internal error
    BAD_INPUT = 3  # a file or target that does not exist or does not parse
    APP_FAILED = 4  # the user's app does not import or does not start
    NETWORK = 5  # connection refused, unknown host, port in use
    INTERRUPTED = 130


class UserError(Exception):
    """A problem with the user's input; `str(err)` names the thing and what to do."""

    exit_code: ExitCode = ExitCode.USAGE

    def __init__(self, message: str, exit_code: ExitCode | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class BadInput(UserError):
    exit_code = ExitCode.BAD_INPUT


class AppFailed(UserError):
    exit_code = ExitCode.APP_FAILED


class NetworkError(UserError):
    exit_code = ExitCode.NETWORK
