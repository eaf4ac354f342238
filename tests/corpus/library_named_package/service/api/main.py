import time

from fastapi import FastAPI

from api.mcp.tools import list_tools

app = FastAPI()


@app.get("/tools")
async def tools() -> list:
    time.sleep(0.1)  # expect: UJ001
    return list_tools()
