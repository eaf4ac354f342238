"""A flag a route fixes in a local (`premium = False`, a feature switched off by hand) decides
the helper's branch as a constant argument would; one computed from the request does not."""

import requests
from fastapi import APIRouter

flags = APIRouter(prefix="/flags")


def screen(text: str, premium: bool) -> str:
    if premium:
        return requests.post("https://screen.internal/v1", json={"text": text}).text  # expect: UJ001
    return text


@flags.post("/events")
async def events(text: str):
    premium = False
    return screen(text, premium)


@flags.post("/paid")
async def paid(text: str, tier: str):
    premium = tier == "gold"
    return screen(text, premium)
