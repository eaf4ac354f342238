import time

from fastapi import FastAPI

from webui.utils.mcp.client import tool_names

app = FastAPI()


@app.get("/tools")
async def tools():
    time.sleep(0.1)  # expect: UJ001
    return {"tools": tool_names()}
