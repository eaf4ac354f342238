"""`shared/` is a project of its own, installed into the image (`pip install -e /shared`):
`import shared.enums` finds its inner `shared/shared/` package, not the folder around it."""
import time

from fastapi import FastAPI

from shared.enums import Channel

app = FastAPI()


@app.post("/notify/{channel}")
async def notify(channel: Channel):
    time.sleep(0.2)  # expect: UJ001
    return {"sent": channel}
