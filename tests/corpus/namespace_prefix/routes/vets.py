import time

from fastapi import APIRouter

from config.paths import *  # noqa: F403 (the path constants, by a star import)

vets = APIRouter()


@vets.get(VETS)  # noqa: F405
async def list_vets():
    time.sleep(0.1)  # expect: UJ001
    return []
