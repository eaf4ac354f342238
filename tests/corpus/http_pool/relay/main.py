"""A relay whose sync routes wait on an upstream over HTTP: no database, no engine."""

import requests
from fastapi import FastAPI

app = FastAPI()  # expect: UJ006
upstream = requests.Session()


@app.get("/quotes/{symbol}")
def quote(symbol: str) -> dict:
    return upstream.get(f"https://quotes.example/{symbol}", timeout=5).json()  # expect: UJ005
