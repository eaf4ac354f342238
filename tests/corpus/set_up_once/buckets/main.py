"""Create-if-missing through one client: the store keeps the bucket the body makes, so
`make_bucket` runs while it is missing only; the existence check itself is a round trip on
every request."""

from fastapi import Depends, FastAPI
from minio import Minio


class Storage:
    def __init__(self, bucket: str):
        self.bucket = bucket
        self.client = Minio("minio:9000", access_key="a", secret_key="b", secure=False)
        self.ensure_bucket()

    def ensure_bucket(self) -> str:
        if not self.client.bucket_exists(self.bucket):  # expect: UJ003
            self.client.make_bucket(self.bucket)  # ok: while the bucket is missing only
        return self.bucket


def storage() -> Storage:
    return Storage("hotels")


app = FastAPI()  # expect: UJ006


@app.post("/hotels")
def create_hotel(files: Storage = Depends(storage)):
    return {"bucket": files.bucket}
