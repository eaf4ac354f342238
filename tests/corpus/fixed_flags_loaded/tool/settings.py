"""Defaults written into the code, overridden from the environment as the app starts."""

import os
import sys

ALLOW_OVERWRITE = False
KEEP_HISTORY = False


def load_overrides() -> None:
    module = sys.modules[__name__]
    for key in ("ALLOW_OVERWRITE", "KEEP_HISTORY"):
        if key in os.environ:
            setattr(module, key, os.environ[key] == "1")
