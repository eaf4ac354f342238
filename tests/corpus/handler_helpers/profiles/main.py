from pathlib import Path

from fastapi import FastAPI

from profiles.seeding import prune_profile, seed_profile

app = FastAPI()


@app.post("/profiles/{name}")
async def create_profile(name: str) -> dict:
    seed_profile(Path("/srv/profiles") / name)
    return {"name": name}


@app.delete("/profiles/{name}/cache")
async def prune(name: str) -> dict:
    prune_profile(Path("/srv/profiles") / name)
    return {"name": name}
