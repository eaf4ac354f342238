"""A router module that builds its router twice: the include takes the last one, with its
prefix `/feedback`."""

import requests
from fastapi import APIRouter

router = APIRouter(prefix="/parsing")
router = APIRouter(prefix="/feedback")


@router.post("/send/{item_id}")
def send(item_id: int):
    return requests.post(f"http://127.0.0.1:9/send/{item_id}", timeout=5).json()  # expect: UJ005
