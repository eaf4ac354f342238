from fastapi import FastAPI, Request

from svc.codes import CachedTokens, CodeService, SessionStore, Tokens

app = FastAPI()
store = SessionStore(object)


@app.middleware("http")  # expect: UJ004
async def attach_session(request: Request, call_next):
    request.state.db_session = store.db_session
    return await call_next(request)


@app.post("/codes/verify")
async def verify(code: str, stored: str) -> dict:
    return {"ok": await CodeService(None).verify(code, stored)}


@app.post("/codes")
async def issue(code: str) -> dict:
    return {"hash": await CodeService(None).issue(code)}


@app.post("/tokens")
async def digest(token: str) -> dict:
    tokens: Tokens = CachedTokens(object)
    return {"digest": await tokens.digest(token)}
