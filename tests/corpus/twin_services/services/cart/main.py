from fastapi import FastAPI

from deps.providers import load_profile

app = FastAPI()


@app.get("/cart/{user_id}")
async def cart(user_id: str) -> dict:
    return load_profile(user_id)
