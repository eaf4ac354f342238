from fastapi import FastAPI, Request

from gateway.admin import admin
from gateway.site import site

app = FastAPI()
app.mount("/admin", admin)


@app.middleware("http")  # expect: UJ004
async def timing(request: Request, call_next):
    return await call_next(request)


@app.get("/health")
async def health():
    return {"ok": True}


app.mount("/", site)
