"""FastAPI takes `health`'s return annotation as its response model and cannot build a
field of a union holding a Response class: registering it raises FastAPIError, so this
module never imports and its app never starts.  # expect: unparsed"""

import time
from typing import Any, Dict, Union

from fastapi import FastAPI
from fastapi.responses import JSONResponse

app = FastAPI()


@app.get("/health")
async def health() -> Union[Dict[str, Any], JSONResponse]:
    return {"ok": True}


@app.post("/login")
async def login(user: str):
    time.sleep(0.1)  # ok: the app never starts
    return {"user": user}
