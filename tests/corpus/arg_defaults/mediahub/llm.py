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


HOOKS: list = []


def hooked(func):
    HOOKS.append(func)  # something else may call it, with anything

    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


@traced
def summarize(text: str, dry_run: bool = True):
    # the decorator hands the call's arguments through unchanged: the default decides
    if not dry_run:
        time.sleep(1)  # ok
    return text[:100]


@hooked
def outline(text: str, dry_run: bool = True):
    # a decorator that hands the function on: the default decides nothing here
    if not dry_run:
        time.sleep(1)  # expect: UJ001
    return text[:50]
