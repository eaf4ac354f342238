"""The only work this app's sync routes do in the thread pool is hashing (CPU-heavy), which
the cores bound, not anyio's 40 tokens, and a folder's creation, microseconds of metadata: no
UJ006 asks to raise the limiter."""

import bcrypt
from fastapi import Depends, FastAPI

app = FastAPI()  # ok: no UJ006 (no route waits in the pool)


@app.post("/users")
def register(password: str) -> dict:
    return {"hash": bcrypt.hashpw(password.encode(), bcrypt.gensalt()).decode()}  # ok: in the pool


@app.post("/login")
def login(password: str, stored: str) -> dict:
    return {"ok": bcrypt.checkpw(password.encode(), stored.encode())}  # ok: in the pool


def upload_dir() -> str:
    import os

    os.makedirs("/srv/uploads", exist_ok=True)  # ok: in the pool, microseconds of metadata
    return "/srv/uploads"


@app.post("/uploads")
def upload(folder: str = Depends(upload_dir)) -> dict:
    return {"folder": folder}
