"""The search route builds its URL from a fixed origin and its options with the defaults;
the snapshot route asks for a screenshot; the fetch route takes any URL."""

from fastapi import FastAPI

from crawler.config import Batch, RunConfig, Tunable
from crawler.engine import Retrier, engine, flush, report
from crawler.schemes import fetch

app = FastAPI()


@app.get("/search")
async def search(q: str, kind: str = "text", page: int = 1):
    url = f"https://search.example/?q={q}" if kind == "text" else f"https://search.example/?q={q}&img=1"
    if page > 1:
        url = f"{url}&start={page * 10}"
    config = RunConfig(cache=q)
    return await engine.run(url, config=config)


@app.get("/snapshot")
async def snapshot(host: str):
    return await engine.run(f"https://{host}/", RunConfig(screenshot=True))


@app.get("/report")
async def quiet_report():
    await report(Tunable(verbose=False))


@app.get("/fetch")
async def fetch_any(target: str):
    return await fetch(target)


@app.post("/flush")
async def flush_lines(lines: list[str]):
    batch = Batch()
    for line in lines:
        batch.content += line
    await flush(batch)


@app.post("/retry")
async def retry():
    retrier = Retrier()
    retrier.arm()
    await retrier.wait()
