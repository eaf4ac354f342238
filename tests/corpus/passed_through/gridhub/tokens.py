"""A fetch made under a memo guard near the endpoint, and reachable on every call only
through a chain longer than the analysis follows; a check cached per argument."""

import functools
import hashlib

import httpx

_jwks: dict | None = None


def fetch_keys() -> dict:
    return httpx.get("http://auth.local/jwks").json()  # expect: UJ001


def signing_keys() -> dict:
    global _jwks
    if _jwks is None:
        _jwks = fetch_keys()
    return _jwks


def refresh_1():
    return refresh_2()


def refresh_2():
    return refresh_3()


def refresh_3():
    return refresh_4()


def refresh_4():
    return refresh_5()


def refresh_5():
    return fetch_keys()


@functools.lru_cache(maxsize=256)
def verify(hashed: bytes, plain: str) -> bool:
    derived = hashlib.scrypt(plain.encode(), salt=b"gridhub", n=2**14, r=8, p=1)  # expect: UJ001
    return derived == hashed


_issuers: dict[str, dict] = {}
_tenant_keys: dict[str, dict] = {}
_settings: dict[str, dict] = {}


def issuer(tenant: str) -> dict:
    """Keyed by the tenant a request names: each new tenant pays again."""
    url = f"http://auth.local/{tenant}/.well-known/openid-configuration"
    if tenant in _issuers:
        return _issuers[tenant]
    _issuers[tenant] = httpx.get(url).json()  # expect: UJ001
    return _issuers[tenant]


def tenant_keys(tenant: str) -> dict:
    keys = _tenant_keys.get(tenant)
    if keys is None:
        keys = _tenant_keys[tenant] = httpx.get(f"http://auth.local/{tenant}/jwks").json()  # expect: UJ001
    return keys


def auth_settings() -> dict:
    """One constant key: filled once, whatever the request."""
    found = _settings.get("auth")
    if found is None:
        found = _settings["auth"] = httpx.get("http://auth.local/settings").json()  # expect: UJ001
    return found


_graphs: dict[str, bytes] = {}


def load_graph(space: str) -> tuple[bytes | None, str | None]:
    """Keyed, with the cached value returned inside a tuple."""
    if space in _graphs:
        return _graphs[space], None
    with open(f"/var/lib/gridhub/graphs/{space}.bin", "rb") as f:  # expect: UJ001
        _graphs[space] = f.read()
    return _graphs[space], None


_avatars: dict[str, bytes] = {}


def avatar(user: str) -> bytes:
    """`if key not in _cache:` with the key a request argument: each new user pays again."""
    if user not in _avatars:
        _avatars[user] = httpx.get(f"http://avatars.local/{user}").content  # expect: UJ001
    return _avatars[user]


_vocabularies: dict[str, bytes] = {}
_default_vocabulary: bytes | None = None


def vocabulary(name: str) -> bytes:
    """`if key in _cache: … else:` with no early return: the `else` runs on a miss."""
    if name in _vocabularies:
        vocab = _vocabularies[name]
    else:
        vocab = httpx.get(f"http://models.local/{name}/vocab").content  # expect: UJ001
        _vocabularies[name] = vocab
    return vocab


def default_vocabulary() -> bytes:
    global _default_vocabulary
    if _default_vocabulary is not None:
        vocab = _default_vocabulary
    else:
        vocab = _default_vocabulary = httpx.get("http://models.local/default").content  # expect: UJ001
    return vocab


def badges(names: list[str]) -> list[bytes]:
    """A dict the call makes, read by a function it defines: cached for this call only,
    so each request fetches again."""
    seen: dict[str, bytes] = {}

    def badge(name: str) -> bytes:
        if name in seen:
            return seen[name]
        seen[name] = httpx.get(f"http://badges.local/{name}").content  # expect: UJ001
        return seen[name]

    return [badge(name) for name in names]
