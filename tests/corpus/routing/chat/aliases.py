"""One endpoint registered at two literal paths in a loop (an API served under its own
prefix and a vendor-compatible one): each route is labelled with its own path."""

from pathlib import Path

from fastapi import APIRouter

aliases = APIRouter()


async def create_message(body: dict):
    return Path("/srv/messages/template.json").read_text()  # expect: UJ001


for path in ("/v1/messages", "/anthropic/v1/messages"):
    aliases.add_api_route(path, create_message, methods=["POST"])
