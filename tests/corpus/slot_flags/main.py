from fastapi import FastAPI, UploadFile

from gtfs import STATE, load_if_needed, rates

app = FastAPI()


@app.post("/gtfs/upload")
async def upload(file: UploadFile):
    with open("data/gtfs/stops.txt", "wb") as out:  # expect: UJ001
        out.write(await file.read())
    STATE["ready"] = False  # reload what was just written
    return {"stops": len(load_if_needed())}


@app.get("/fares/{zone}")
async def fare(zone: str):
    STATE["last_zone"] = None  # another slot: the fares stay loaded
    return {"fare": rates().get(zone)}
