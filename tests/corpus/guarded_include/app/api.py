"""An aggregator router left from an older layout: no app includes it."""

from fastapi import APIRouter

from app import voice

router = APIRouter()
router.include_router(voice.router)
