# expect: unparsed
# written for a layout with an `app/` package (`from app.middleware import ...`), but the
# repository keeps its modules flat beside this file: no `app` is anywhere, so the import
# raises ModuleNotFoundError as the app starts
import time

from fastapi import FastAPI

from app.middleware import RateLimit

app = FastAPI()
app.add_middleware(RateLimit)


@app.get("/gate")
async def gate():
    time.sleep(1)  # ok: the app cannot start
    return {}
