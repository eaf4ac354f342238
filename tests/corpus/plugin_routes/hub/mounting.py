from fastapi import APIRouter, FastAPI


def mount(target: FastAPI, router: APIRouter, prefix: str) -> None:
    target.include_router(router, prefix=prefix)
