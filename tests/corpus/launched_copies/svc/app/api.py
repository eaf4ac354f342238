import requests
from fastapi import APIRouter

from app.features.validate.endpoint import router as validate_router

router = APIRouter()
router.include_router(validate_router)


@router.get("/rates")
def rates() -> dict:
    return requests.get("http://rates.internal/today", timeout=5).json()  # expect: UJ005
