"""A validator kept in a module global per settings signature (a one-entry cache: `if
_validator is None or signature != _validator_signature:`, whose body sets both): one per
process while the settings hold, so the key set it keeps for five minutes is fetched then,
not per request. Built again on demand (`refresh`), it is per request."""

import time

import httpx
from fastapi import Depends, FastAPI

app = FastAPI()

_validator = None
_validator_signature = None


class Settings:
    jwks_url = "https://idp.internal/jwks"
    ttl = 300


def get_settings() -> Settings:
    return Settings()


class CacheEntry:
    def __init__(self, value: dict, expires_at: float):
        self.value = value
        self.expires_at = expires_at


class Validator:
    def __init__(self, settings: Settings):
        self.settings = settings
        self._jwks_cache: CacheEntry | None = None

    async def keys(self) -> dict:
        if self._jwks_cache and self._jwks_cache.expires_at > time.time():
            return self._jwks_cache.value
        async with httpx.AsyncClient() as client:  # ok (the one validator's, every 300 s)
            jwks = (await client.get(self.settings.jwks_url)).json()
        self._jwks_cache = CacheEntry(jwks, time.time() + self.settings.ttl)
        return jwks


def get_validator(settings: Settings = Depends(get_settings)) -> Validator:
    global _validator, _validator_signature
    signature = (settings.jwks_url, settings.ttl)
    if _validator is None or signature != _validator_signature:
        _validator = Validator(settings)
        _validator_signature = signature
    return _validator


@app.get("/me")
async def me(validator: Validator = Depends(get_validator)) -> dict:
    return await validator.keys()


_forced = None


class ForcedValidator:
    def __init__(self, settings: Settings):
        self.settings = settings
        self._jwks = None

    async def keys(self) -> dict:
        if self._jwks is not None:
            return self._jwks
        async with httpx.AsyncClient() as client:  # expect: UJ003
            self._jwks = (await client.get(self.settings.jwks_url)).json()
        return self._jwks


def get_forced(refresh: bool = False, settings: Settings = Depends(get_settings)):
    global _forced
    if _forced is None or refresh:
        _forced = ForcedValidator(settings)
    return _forced


@app.get("/forced")
async def forced(validator: ForcedValidator = Depends(get_forced)) -> dict:
    return await validator.keys()
