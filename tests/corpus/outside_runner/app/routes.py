"""Routes on a router that an outside package's runner serves (`run(routers=[...])` in
run.py): the app is not the project's. Its sync route waits on HTTP only, and the project
builds no SQLAlchemy engine, so the pool fix names none."""

import requests
from fastapi import APIRouter

router = APIRouter()
upstream = requests.Session()


@router.post("/deliver/{tx_id}")
def deliver(tx_id: str) -> dict:
    return upstream.post(f"https://store.example/{tx_id}", timeout=5).json()  # expect: UJ005
