from fastapi import FastAPI

from assistant.texts import plugin_text, system_text

app = FastAPI()


@app.get("/chat")
async def chat():
    # "chat" is a key of the shipped table, which nothing changes: the file is never read
    return {"system": system_text("chat"), "summary": system_text("summary")}


@app.get("/persona/{name}")
async def persona(name: str):
    return {"system": system_text(name)}  # a key from the request may miss the table


@app.get("/plugin")
async def plugin():
    return {"system": plugin_text("chat")}  # a table code changes: its keys are not known
