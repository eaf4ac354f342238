"""Generating an RSA or DSA key searches for large primes: CPU for tens of milliseconds to
seconds. An EC key, or a key loaded from its text, is quick."""

import rsa
from Crypto.PublicKey import RSA
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import dsa, ec, rsa as crypto_rsa


async def new_signing_key() -> bytes:
    key = crypto_rsa.generate_private_key(public_exponent=65537, key_size=4096)  # expect: UJ001
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


async def new_legacy_keys() -> tuple:
    pair = rsa.newkeys(2048)  # expect: UJ001
    other = RSA.generate(2048)  # expect: UJ001
    signer = dsa.generate_private_key(key_size=2048)  # expect: UJ001
    return pair, other, signer


async def new_session_key():
    return ec.generate_private_key(ec.SECP256R1())  # ok: an EC key is quick


async def loaded_key(pem: bytes):
    return serialization.load_pem_private_key(pem, password=None)  # ok: no search


__all__ = ["loaded_key", "new_legacy_keys", "new_session_key", "new_signing_key"]
