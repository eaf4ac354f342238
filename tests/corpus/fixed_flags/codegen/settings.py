"""Switches written into the code, some of them changed at start-up."""

import os

ALLOW_OVERWRITE = False  # the generator writes files only where this is turned on by hand
AUDIT_UPLOADS = True
EXPORT_ENABLED = False  # turned on by enable_export() (a `global` store)
PREVIEW_ENABLED = False  # turned on by the CLI through an attribute store
DEBUG = os.getenv("DEBUG") == "1"


def enable_export() -> None:
    global EXPORT_ENABLED
    EXPORT_ENABLED = True
