from fastapi import FastAPI

from vault.secrets import fetch_image, get_secret, inline_or_fetched, resolve

app = FastAPI()


@app.get("/settings")
async def settings():
    return {
        "region": get_secret("AWS_REGION", "eu-west-1"),
        "token": resolve("env:API_TOKEN"),
    }


@app.post("/thumbnails")
async def thumbnail(url: str):
    return {"size": len(fetch_image(url)), "inline": len(inline_or_fetched(url))}
