import asyncio

from fastapi import Depends, FastAPI

from gateway.handlers import completion_handler
from gateway.mailer import notify_ops, send_receipt
from gateway.passwords import run_kdf, verify
from gateway.settings import banner, get_settings
from gateway.storage import Archive, store
from gateway.tokens import require_token
from gateway.supervisor import any_result, latest_result, reap_finished, try_spawn, wait_for
from gateway.providers.transport import UpstreamCall

app = FastAPI()  # expect: UJ006


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


@app.get("/v1/workers")
async def workers() -> dict:
    return {"reaped": sorted(reap_finished()), "last": latest_result() or any_result(), "spawn": try_spawn()}


@app.post("/v1/workers/{pid}/join")
async def join_worker(pid: int) -> dict:
    return {"status": wait_for(pid)}


@app.post("/v1/receipts")
async def receipt(body: dict) -> dict:
    await asyncio.to_thread(send_receipt, body["email"], body["text"])
    return {"sent": True}


@app.post("/v1/alerts")
async def alert(body: dict) -> dict:
    notify_ops(body["text"])
    return {"sent": True}


@app.post("/v1/login")
async def login(body: dict) -> dict:
    return {"ok": await run_kdf(verify, body["password"], body["stored"])}


@app.get("/v1/identity")
async def identity() -> dict:
    from gateway.identity import SessionProbe, get_audit, get_identity

    return {
        "config": await get_identity().config(),
        "keys": await get_audit().keys(),
        "state": await SessionProbe().state(),
    }


@app.put("/v1/tokens/check", dependencies=[Depends(require_token)])
def check_token() -> dict:
    return {"ok": True}


@app.get("/v1/files/{key}")
async def file_url(key: str) -> str:
    return store.url(key)


@app.get("/v1/archive/{key}")
async def archive_url(key: str) -> str:
    return Archive.open().url(key)
