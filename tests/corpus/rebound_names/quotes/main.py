from fastapi import FastAPI

from quotes.cache import cached_quote

app = FastAPI()


@app.get("/quotes/{symbol}")
async def quote(symbol: str) -> dict:
    return cached_quote(symbol) or {}
