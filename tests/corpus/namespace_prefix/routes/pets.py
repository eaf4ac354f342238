import time

from fastapi import APIRouter

pets = APIRouter()


@pets.get("/pets")
async def list_pets():
    time.sleep(0.1)  # expect: UJ001
    return []
