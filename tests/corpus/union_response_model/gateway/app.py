import time
from typing import Any, Dict, Optional, Union

from fastapi import FastAPI
from fastapi.responses import JSONResponse

app = FastAPI()


@app.get("/health", response_model=None)
async def health() -> Union[Dict[str, Any], JSONResponse]:
    return {"ok": True}


@app.get("/ready")
async def ready() -> JSONResponse:
    return JSONResponse({"ok": True})


@app.get("/status")
async def status() -> Optional[Dict[str, Any]]:
    return None


@app.post("/route")
async def route(path: str):
    time.sleep(0.1)  # expect: UJ001
    return {"path": path}
