# the field's default names a folder the repository lacks, but the `.env` file the app is
# run with names another one: which folder the mount checks is the deployment's to say
import time

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from media_settings import media

app = FastAPI()
app.mount("/media", StaticFiles(directory=media.media_dir), name="media")


@app.get("/slow")
async def slow():
    time.sleep(1)  # expect: UJ001
    return {}
