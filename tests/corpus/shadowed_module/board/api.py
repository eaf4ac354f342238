"""A module a package of the same name hides, run as a script that hands uvicorn the app
object itself (`python api.py`): that app is served."""

import time

from fastapi import FastAPI

app = FastAPI()


@app.get("/board")
async def board():
    time.sleep(1)  # expect: UJ001
    return {}


if __name__ == "__main__":
    import uvicorn

    uvicorn.run(app, host="127.0.0.1", port=8001)
