"""Names a routes module reads as it loads that something binds after all: a star import of
a project module that defines it, a loop variable, a name an object's `setattr` does not
touch. The app starts, and its routes are checked."""

import time

from fastapi import APIRouter, Depends, FastAPI

from shop.helpers import *  # noqa: F403

for method in ("get",):
    handler = getattr(APIRouter, method)

router = APIRouter()


class Settings:
    pass


def apply(settings: Settings, values: dict) -> None:
    for key, value in values.items():
        setattr(settings, key, value)


@router.get("/items")
async def items(db=Depends(get_db), reader=Depends(current_reader), verb=method):  # noqa: F405
    time.sleep(0.1)  # expect: UJ001
    return []


app = FastAPI()
app.include_router(router)
