"""A completion helper with test hooks that production callers leave at their defaults."""

import time


def completion(model: str, messages: list, mock_timeout: bool | None = None, mock_delay=0.0):
    if mock_timeout is True:
        time.sleep(30)  # ok
    if mock_delay:
        time.sleep(mock_delay)  # expect: UJ001
    return {"model": model, "choices": messages}


def traced(func):
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


@traced
def summarize(text: str, dry_run: bool = True):
    # a decorator may fill or change arguments: the default decides nothing here
    if not dry_run:
        time.sleep(1)  # expect: UJ001
    return text[:100]
