import time

from fastapi import APIRouter

pets = APIRouter()
endpoint = "/pets"


@pets.get(endpoint)
async def list_pets():
    time.sleep(0.1)  # expect: UJ001
    return []
