"""The accounts service's own `api_v1` (a queue consumer, no HTTP): its password hashing
is not what the portal's login runs, though the portal's package has the same name."""

import hashlib


class AuthService:
    async def login(self, password: str) -> dict:
        digest = hashlib.pbkdf2_hmac("sha256", password.encode(), b"salt", 600_000)  # ok: not the portal's
        return {"digest": digest.hex()}
