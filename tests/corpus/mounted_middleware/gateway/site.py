"""The pages app, mounted at the gateway's root after `/admin`: Starlette matches `/admin`
first, so this app's middleware runs for every request but those."""

from fastapi import FastAPI, Request

site = FastAPI()


@site.middleware("http")  # expect: UJ004
async def fallback_page(request: Request, call_next):
    return await call_next(request)


@site.get("/about")
async def about():
    return {"page": "about"}
