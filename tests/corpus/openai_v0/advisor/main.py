"""Written for openai 0.x, installed with openai 1.x: `openai.ChatCompletion.create` raises
APIRemovedInV1 before it sends anything, so what follows it never runs and the `except`
handler runs on every request."""

import openai
import requests
from fastapi import FastAPI

app = FastAPI()


@app.get("/advice")
async def advice(question: str) -> dict:
    try:
        reply = openai.ChatCompletion.create(  # ok: raises before it sends anything
            model="gpt-4", messages=[{"role": "user", "content": question}]
        )
        requests.post("http://audit.internal/ok", json={"q": question})  # ok: never runs
        return reply
    except Exception:
        requests.post("http://audit.internal/failed", json={"q": question})  # expect: UJ001
        raise
