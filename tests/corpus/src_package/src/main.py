"""A package named `src`, served as `uvicorn src.main:app`: `src/` is no import root here,
so `from graphql import GraphQLError` in src/graphql/ is graphql-core, not that package."""

import time

from fastapi import FastAPI

from src.graphql.schema import check

app = FastAPI()


@app.get("/check")
async def check_query(query: str):
    time.sleep(0.1)  # expect: UJ001
    return {"ok": check(query)}
