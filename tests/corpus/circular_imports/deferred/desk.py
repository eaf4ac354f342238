# the module importing back does so inside a function, called once the app serves
import time

from fastapi import FastAPI

import desk_tasks

app = FastAPI()


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
    return desk_tasks.title()
