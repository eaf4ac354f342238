"""An older app beside the package `app/`: `import app` always loads the package, and so
does this file's own `uvicorn.run("app:app")` — no import ever loads this module."""

import time

from fastapi import FastAPI

app = FastAPI()


@app.get("/healthz")
async def healthz():
    time.sleep(1)  # ok: never served
    return {}


if __name__ == "__main__":
    import uvicorn

    uvicorn.run("app:app", host="127.0.0.1", port=8000)
