"""Variant 1 of seed 003: async def path operation calling the blocking client (5.48 rps)."""

import logging

from fastapi import Body, FastAPI, status
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse
from google.cloud import translate_v2 as translate
from pydantic import BaseModel, Field

from .common import translate_text


class Data(BaseModel):
    src_lang: str = Field(..., min_length=2, max_length=5)
    src_text: str = Field(..., min_length=1, max_length=128)
    tgt_lang: str = Field(..., min_length=2, max_length=5)


logging.basicConfig(filename="./log.log", level=logging.DEBUG)
app = FastAPI(root_path="")


@app.on_event("startup")
async def startup_event():
    app.google_client = translate.Client()  # ok (once, at start-up)


@app.on_event("shutdown")
async def shutdown_event():
    del app.google_client


@app.post("/blocking/", status_code=status.HTTP_200_OK)
async def main(*, data: Data = Body(...)):
    body = jsonable_encoder(data)  # ok
    src_text = body["src_text"]
    tgt_lang = body["tgt_lang"]

    tgt_text = translate_text(app.google_client, src_text, tgt_lang)
    body.update({"tgt_text": tgt_text})  # ok: dict.update

    return JSONResponse(content=jsonable_encoder(body))
