"""Reads settings the classes have: a field, a property, and a flag a class letting extra
fields in may hold."""

import time

from fastapi import APIRouter

from studio.clients import SpeechClient
from studio.config import flags, settings

router = APIRouter()
speech = SpeechClient(settings.tts_api_key)
folders = settings.output_dirs
beta = flags.render_v2


@router.get("/renders")
async def renders():
    time.sleep(0.1)  # expect: UJ001
    return folders
