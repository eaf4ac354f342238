"""Variant 2 of seed 003: the same call offloaded with run_in_threadpool (69.2 rps)."""

from fastapi import Body, FastAPI
from fastapi.concurrency import run_in_threadpool
from google.cloud import translate_v2 as translate

from translator.common import translate_text

app = FastAPI()


@app.on_event("startup")
async def startup_event():
    app.google_client = translate.Client()


@app.post("/offloaded/")
async def main(data: dict = Body(...)):
    tgt_text = await run_in_threadpool(  # ok
        translate_text, app.google_client, data["src_text"], data["tgt_lang"]
    )
    return {"tgt_text": tgt_text}
