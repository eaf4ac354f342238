import time

from fastapi import FastAPI

from app.agents.langgraph.flow import graph

app = FastAPI()


@app.get("/graph")
async def describe():
    time.sleep(0.1)  # expect: UJ001
    return {"graph": str(graph)}
