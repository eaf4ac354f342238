"""An app factory and a project subclass of APIRouter (as prefect's PrefectRouter)."""

import requests
from fastapi import APIRouter, FastAPI


class TaggedRouter(APIRouter):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("tags", ["tagged"])
        super().__init__(*args, **kwargs)


metrics = TaggedRouter(prefix="/metrics")


@metrics.get("/push")
async def push():
    requests.post("https://metrics.internal/push")  # expect: UJ001
    return {"ok": True}


def create_app() -> FastAPI:
    application = FastAPI(title="factory")
    application.include_router(metrics, prefix="/internal")
    return application
