import os

BASE = "."
UPLOADS = os.path.join(BASE, "uploads")


async def upload(name: str, data: bytes) -> str:
    os.makedirs(UPLOADS, exist_ok=True)  # ok: the app cannot start
    return os.path.join(UPLOADS, name)
