"""A decorator named for a cache folder it makes, which caches nothing: the body it wraps
runs on every call."""

import functools
import os


def create_cache_folder(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


@create_cache_folder
def save_upload(name: str, data: bytes) -> None:
    os.makedirs("/var/cache/catalog/uploads", exist_ok=True)  # expect: UJ001
