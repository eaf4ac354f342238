"""An assistant API over LangChain: the sync `invoke`/`stream`/`embed_*` methods wait on
OpenAI's API, so in `async def` routes they block the loop; their `a`-twins do not."""

from fastapi import FastAPI

from .chains import render_only, structured, summarise
from .models import chat, embedder, judge

app = FastAPI()  # expect: UJ006


@app.post("/ask")
async def ask(question: str):
    return chat.invoke(question).content  # expect: UJ001


@app.post("/ask/async")
async def ask_async(question: str):
    return (await chat.ainvoke(question)).content  # ok: the async twin


@app.post("/summary")
async def summary(text: str):
    return summarise.invoke({"text": text})  # expect: UJ001


@app.post("/summary/stream")
async def summary_stream(text: str):
    return [part for part in summarise.stream({"text": text})]  # expect: UJ001


@app.post("/summary/async")
async def summary_async(text: str):
    return [part async for part in summarise.astream({"text": text})]  # ok: the async stream


@app.post("/preview")
async def preview(text: str):
    return render_only.invoke({"text": text})  # ok: a prompt and a parser, no model


@app.post("/extract")
async def extract(text: str):
    return structured.invoke(text)  # expect: UJ001


@app.post("/grade")
async def grade(answer: str):
    return judge.invoke(f"Grade: {answer}").content  # expect: UJ001


@app.post("/embed")
async def embed(texts: list[str]):
    return embedder.embed_documents(texts)  # expect: UJ001


@app.post("/ask/sync")
def ask_sync(question: str):
    return chat.invoke(question).content  # expect: UJ005
