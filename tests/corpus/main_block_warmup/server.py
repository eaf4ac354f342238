"""The API. Run as a script, it warms the settings cache and serves; imported by a
process manager, it serves only."""

import uvicorn
from fastapi import FastAPI

from settings import load_settings

app = FastAPI()


@app.get("/limits")
async def limits():
    return load_settings().get("limits", {})


if __name__ == "__main__":
    load_settings()
    uvicorn.run(app)
