"""Specific routers that replace generic ones: a helper takes the routers as a list and
includes each, so unjam cannot follow the include from `datasets` to the app, only to
`OVERRIDES`. Of two routes of `datasets`, the earlier still answers first wherever it is
served (`/dataset/{key}` takes `/dataset/clean`, whatever the path's prefix)."""

import httpx
from fastapi import APIRouter, FastAPI

DATASETS = "/dataset"
DATASETS_CLEAN = DATASETS + "/clean"

datasets = APIRouter(prefix="/api/v1")


@datasets.get(DATASETS + "/{key}")
async def get_dataset(key: str) -> dict:
    return {"key": key}


@datasets.get(DATASETS_CLEAN)
async def clean_datasets() -> dict:
    async with httpx.AsyncClient() as client:  # ok: `/dataset/{key}` answers first
        return (await client.post("http://cleaner.internal")).json()


@datasets.get(DATASETS + "/{key}/rows")
async def dataset_rows(key: str) -> dict:
    async with httpx.AsyncClient() as client:  # expect: UJ003
        return (await client.get(f"http://rows.internal/{key}")).json()


OVERRIDES = APIRouter()
OVERRIDES.include_router(datasets)


def override_routers(routers: list[APIRouter], app: FastAPI) -> None:
    for router in routers:
        app.include_router(router)
