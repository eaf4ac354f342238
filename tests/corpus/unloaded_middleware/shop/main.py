from fastapi import FastAPI

from shop.audit import AuditMiddleware

app = FastAPI()
app.add_middleware(AuditMiddleware)


@app.get("/ping")
async def ping():
    return {"ok": True}
