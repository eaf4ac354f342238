# expect: unparsed
# the server imports this module; `import shop_routes` runs that module, whose `from shop
# import app` finds this one only partly run, `app` not yet bound: ImportError
import time

from fastapi import FastAPI

import shop_routes

app = FastAPI()


@app.get("/slow")
async def slow():
    time.sleep(1)  # ok: the app cannot start
    return shop_routes.VERSION
