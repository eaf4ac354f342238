from fastapi import FastAPI

from gateway.handlers import completion_handler
from gateway.settings import banner, get_settings
from gateway.providers.transport import UpstreamCall

app = FastAPI()


@app.post("/v1/completions")
async def completions(body: dict) -> dict:
    return await completion_handler.post("https://upstream.internal/v1/complete", body)


@app.get("/v1/models")
async def models() -> dict:
    call = UpstreamCall("https://upstream.internal")
    return await call.get("/v1/models")


@app.get("/v1/info")
async def info() -> dict:
    return {"upstream": get_settings()["upstream"], "banner": banner()}
