# served as `kiosk_api.main:app` with src/ on the path: `routes` imports this file under
# another name, `src.kiosk_api.main`, which loads a second copy that completes
import time

from fastapi import FastAPI

from kiosk_api import routes  # noqa: F401  (registers its routes on the copy's app)

app = FastAPI()


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
    return {}
