"""Object storage: one process-wide `Store`, made through a classmethod by a factory the
module body calls, whose S3 client is made on first use and kept (once per process); and an
`Archive` a route makes per request through its classmethod (its client is per request)."""

import boto3


class Store:
    def __init__(self):
        self._client = None

    @classmethod
    def from_env(cls):
        return cls()

    def _s3(self):
        if self._client is None:
            self._client = boto3.client("s3")  # ok: one Store, its client made once
        return self._client

    def url(self, key: str) -> str:
        return self._s3().generate_presigned_url("get_object", Params={"Key": key})


def get_store() -> Store:
    return Store.from_env()


store = get_store()


class Archive:
    def __init__(self):
        self._client = None

    @classmethod
    def open(cls):
        return cls()

    def _s3(self):
        if self._client is None:
            self._client = boto3.client("s3")  # expect: UJ003
        return self._client

    def url(self, key: str) -> str:
        return self._s3().generate_presigned_url("get_object", Params={"Key": key})
