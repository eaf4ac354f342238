"""The admin console: an app of its own, mounted by the gateway under /admin. Its HTTP
middleware runs for the requests under that path only."""

from fastapi import FastAPI, Request

admin = FastAPI()


@admin.middleware("http")  # expect: UJ004
async def audit(request: Request, call_next):
    response = await call_next(request)
    response.headers["x-audited"] = "1"
    return response


@admin.get("/users")
async def list_users():
    return []
