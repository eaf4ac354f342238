"""A regular package named `shared` inside namespace folders (castings/services/): run from
apps/core/, `shared` is the top namespace package apps/core/shared/, which has the module."""

import time


def announce(text: str) -> str:
    from shared.bot.client import send

    time.sleep(0.1)  # expect: UJ001
    return send(text)
