# expect: unparsed (reads settings.elevenlabs_api_key, which Settings does not declare)
"""Reads a setting that no longer exists as the module loads: AttributeError."""

import time

from fastapi import APIRouter

from studio.clients import SpeechClient
from studio.config import settings

router = APIRouter()
speech = SpeechClient(settings.elevenlabs_api_key)


@router.get("/voices")
async def voices():
    time.sleep(0.1)  # ok: the app never starts
    return []
