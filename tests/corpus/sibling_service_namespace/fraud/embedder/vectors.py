"""This service's own embedder: a folder without `__init__.py` that the service, run from
fraud/ (`uvicorn main:app`), finds first; risk-api/ is not on its path."""

import requests


def embed(text: str) -> list[float]:
    reply = requests.post("https://embeddings.example.com", json={"text": text})  # expect: UJ001
    return reply.json()["vector"]
