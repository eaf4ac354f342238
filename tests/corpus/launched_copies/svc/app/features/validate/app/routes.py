import requests
from fastapi import APIRouter

router = APIRouter()


@router.get("/check")
def check(value: str) -> dict:
    return requests.get("http://rules.internal/check", params={"v": value}, timeout=5).json()  # expect: UJ005
