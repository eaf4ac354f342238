import requests
from fastapi import Header, HTTPException

AUTH_URL = "https://auth.internal/introspect"


def current_user(authorization: str = Header("")) -> dict:
    """Sync dependency on every route: runs in the thread pool, one trip per request."""
    reply = requests.post(AUTH_URL, data={"token": authorization}, timeout=2)  # expect: UJ003
    if reply.status_code != 200:
        raise HTTPException(status_code=401)
    return reply.json()


def tenant_of(user: dict) -> str:
    return user.get("tenant", "public")
