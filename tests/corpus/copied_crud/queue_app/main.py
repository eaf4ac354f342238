from fastapi import Depends, FastAPI

from queue_app import crud
from queue_app.deps import current_room

app = FastAPI()


@app.get("/queue/next")
async def next_in_queue(room: str = Depends(current_room)):
    return {"room": room, "song": crud.next_song(), "length": crud.queue_length()}


@app.post("/queue/save")
async def save():
    crud.save_queue()
    return {"saved": True, "settings": crud.load_settings()}


@app.get("/singer/{name}")
async def singer(name: str):
    performer = crud.Singer(name)
    return {"greeting": performer.greeting()}


@app.get("/health")
async def health():
    return open("health.txt").read()  # expect: UJ001 (its decorator registered this body)


@app.get("/status")
async def health():  # noqa: F811
    return {"ok": True}
