"""A completion helper with test hooks that production callers leave at their defaults."""

import time


def completion(model: str, messages: list, mock_timeout: bool | None = None, mock_delay=0.0):
    if mock_timeout is True:
        time.sleep(30)  # ok
    if mock_delay:
        time.sleep(mock_delay)  # expect: UJ001
    return {"model": model, "choices": messages}
