from fastapi import FastAPI

from embedder.vectors import embed

app = FastAPI()


@app.get("/risk")
async def risk(text: str):
    return {"vector": embed(text)}
