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


from vault.secrets import read_credential, read_setting


@app.get("/limits")
async def limits():
    # "os.environ/file/db" is "file/db" once rewritten: a mounted file, read on the loop
    return {
        "level": read_setting("os.environ/LOG_LEVEL"),
        "region": read_setting("REGION"),
        "db": read_credential("os.environ/file/db"),
    }
