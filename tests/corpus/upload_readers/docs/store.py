"""An object store whose upload takes bytes or a path, behind a metering decorator made by
a call with an argument (`@metered("put")`), which hands the arguments on unchanged: the
API gives it encoded text, a buffer's contents or an upload's file object, never a path,
so the file upload branch never runs from those routes."""

import functools
import time
from pathlib import Path

import boto3

s3 = boto3.client("s3")


def metered(op: str):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            started = time.monotonic()
            try:
                return fn(*args, **kwargs)
            finally:
                print(op, time.monotonic() - started)

        return wrapper

    return deco


@metered("put")
def put_object(*, key: str, data: bytes | Path | str) -> None:
    if isinstance(data, (Path, str)):
        s3.upload_file(str(data), "notes", key)  # ok (every caller passes bytes)
        return
    s3.put_object(Bucket="notes", Key=key, Body=data)  # expect: UJ001
