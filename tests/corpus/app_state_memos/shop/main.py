"""Resources built once in lifespan and kept on the app's state: every request reads the
same limiter, so its first-use client is made once, however the route reaches it."""

from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass

from fastapi import FastAPI, Request

from shop.counters import Counter
from shop.redis_base import Limiter


@dataclass
class Resources:
    limiter: Limiter


def create_resources() -> Resources:
    return Resources(limiter=Limiter("redis://cache"))


@asynccontextmanager
async def runtime():
    resources = create_resources()
    async with AsyncExitStack() as stack:
        await stack.enter_async_context(resources.limiter)
        yield resources


def get_resources(request: Request) -> Resources:
    resources = getattr(request.app.state, "resources", None)
    if not isinstance(resources, Resources):
        raise RuntimeError("not started")
    return resources


@asynccontextmanager
async def lifespan(app: FastAPI):
    async with runtime() as resources:
        app.state.resources = resources
        yield


app = FastAPI(lifespan=lifespan)


@app.get("/hit")
async def hit(request: Request):
    return await get_resources(request).limiter.hit("hit")


@app.get("/hit-local")
async def hit_local(request: Request):
    resources = get_resources(request)
    return await resources.limiter.hit("local")


@app.get("/hit-state")
async def hit_state(request: Request):
    return await request.app.state.resources.limiter.hit("state")


@app.get("/bump")
async def bump():
    return await Counter("redis://cache").bump("bump")


from shop import payments  # noqa: E402

app.include_router(payments.router)


from fastapi import Depends  # noqa: E402


def get_limiter(resources: Resources = Depends(get_resources)) -> Limiter:
    return resources.limiter


@app.get("/hit-dep")
async def hit_dep(limiter: Limiter = Depends(get_limiter)):
    return await limiter.hit("dep")
