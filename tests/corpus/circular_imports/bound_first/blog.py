# `app` is bound before the import that leads back here: the routes module finds it
import time

from fastapi import FastAPI

app = FastAPI()

import blog_routes  # noqa: E402


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
    return blog_routes.VERSION
