import os
import shutil

import boto3

from api.config import TESTING

s3 = boto3.client("s3")


def upload(local_path: str, key: str) -> str:
    if TESTING:
        shutil.copy2(local_path, f"/tmp/fake-bucket/{key}")  # ok: only a test run copies
        return key
    s3.upload_file(local_path, "uploads", key)  # expect: UJ001
    return key


def remove(path: str) -> None:
    testing = bool(os.getenv("TESTING"))
    if not testing:  # (a lower-case name is no switch: followed)
        return
    os.remove(path)  # expect: UJ001
