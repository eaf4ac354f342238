"""The only work this app's sync routes do in the thread pool is hashing (CPU-heavy): the
cores bound it, not anyio's 40 tokens, so no UJ006 asks to raise the limiter."""

import bcrypt
from fastapi import FastAPI

app = FastAPI()  # ok: no UJ006 (no route waits in the pool)


@app.post("/users")
def register(password: str) -> dict:
    return {"hash": bcrypt.hashpw(password.encode(), bcrypt.gensalt()).decode()}  # ok: in the pool


@app.post("/login")
def login(password: str, stored: str) -> dict:
    return {"ok": bcrypt.checkpw(password.encode(), stored.encode())}  # ok: in the pool
