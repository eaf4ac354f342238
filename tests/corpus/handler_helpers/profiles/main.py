from pathlib import Path

from fastapi import FastAPI

from profiles.seeding import _remove_upload, prune_profile, seed_profile, store_upload

app = FastAPI()


@app.post("/profiles/{name}")
async def create_profile(name: str) -> dict:
    seed_profile(Path("/srv/profiles") / name)
    return {"name": name}


@app.delete("/profiles/{name}/cache")
async def prune(name: str) -> dict:
    prune_profile(Path("/srv/profiles") / name)
    return {"name": name}


@app.post("/uploads/{name}")
async def upload(name: str, data: bytes) -> dict:
    path = Path("/srv/uploads") / name
    try:
        store_upload(path, data)
    except OSError:
        _remove_upload(path)
        raise
    return {"name": name}
