"""The command line turns the preview on for a local run."""

from codegen import settings


def local_run() -> None:
    settings.PREVIEW_ENABLED = True
