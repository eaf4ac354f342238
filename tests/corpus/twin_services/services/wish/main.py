from fastapi import FastAPI

from deps.providers import load_profile

app = FastAPI()


@app.get("/wishes/{user_id}")
async def wishes(user_id: str) -> dict:
    return load_profile(user_id)
