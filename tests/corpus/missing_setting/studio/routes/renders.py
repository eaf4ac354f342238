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


@router.post("/renders/{name}/caption")
async def caption(name: str):
    # `gemini_key` was renamed `gemini_api_key`: AttributeError on every request, before the
    # client is built (its arguments are read first) and before the sleep
    writer = SpeechClient(settings.gemini_key)  # ok: the setting is read first
    time.sleep(0.1)  # ok: never runs
    return {"name": name, "client": str(writer)}


@router.post("/renders/{name}/voice")
async def voice(name: str):
    writer = SpeechClient(settings.tts_api_key)
    time.sleep(0.1)  # expect: UJ001
    return {"name": name, "client": str(writer)}
