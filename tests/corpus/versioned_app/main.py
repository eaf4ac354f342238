"""fastapi-versioning: the server runs the wrapper `VersionedFastAPI` builds, which serves
each route under its version's prefix (`/v1/items`), never at `/items`."""

import time

from fastapi import FastAPI
from fastapi_versioning import VersionedFastAPI, version

app = FastAPI()


@app.get("/items")
@version(1)
async def items():
    time.sleep(1)  # expect: UJ001
    return []


app = VersionedFastAPI(app, version_format="{major}", prefix_format="/v{major}")
