"""KMS clients kept by `functools.cached_property`: built once per provider object, so once
per process for the provider a cached factory hands out, and on every request for a
provider class built per request."""

import asyncio
import functools

import boto3
from fastapi import APIRouter

router = APIRouter(prefix="/keys")


class KeyProvider:
    def __init__(self, key_id: str) -> None:
        self.key_id = key_id

    @functools.cached_property
    def _client(self):
        return boto3.client("kms")  # ok (one provider per process: key_provider's)

    async def decrypt(self, wrapped: bytes) -> bytes:
        response = await asyncio.to_thread(self._client.decrypt, CiphertextBlob=wrapped)
        return response["Plaintext"]


@functools.cache
def key_provider() -> KeyProvider:
    return KeyProvider("alias/app")


class Signer:
    def __init__(self, key_id: str) -> None:
        self.key_id = key_id

    @functools.cached_property
    def _client(self):
        return boto3.client("kms")  # expect: UJ003

    async def sign(self, message: bytes) -> bytes:
        response = await asyncio.to_thread(self._client.sign, KeyId=self.key_id, Message=message)
        return response["Signature"]


@router.post("/decrypt")
async def decrypt(wrapped: bytes) -> bytes:
    return await key_provider().decrypt(wrapped)


@router.post("/{key_id}/sign")
async def sign(key_id: str, message: bytes) -> bytes:
    return await Signer(key_id).sign(message)
