"""Seed 003, test 1: an `async def` endpoint calls the blocking client directly.

Every translation holds the event loop for the whole HTTP round trip: 100 requests at 50
concurrent are served one after another (the seed: 18.2 s, 5.48 requests/s).
"""

from contextlib import asynccontextmanager

from fastapi import Body, FastAPI, status
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse

from unjam.lab.apps.translate.client import Client, Data, translate_text


@asynccontextmanager
async def lifespan(app: FastAPI):
    app.google_client = Client()  # built once, as the seed did ("FastAPI 앱 스태틱으로")
    yield
    del app.google_client


app = FastAPI(lifespan=lifespan)


@app.post("/", status_code=status.HTTP_200_OK)
async def main(*, data: Data = Body(...)):
    body = jsonable_encoder(data)
    src_text = body["src_text"]
    tgt_lang = body["tgt_lang"]

    tgt_text = translate_text(app.google_client, src_text, tgt_lang)  # blocks the event loop
    body.update({"tgt_text": tgt_text})

    return JSONResponse(content=jsonable_encoder(body))
