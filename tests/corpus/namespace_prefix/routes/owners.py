"""A path constant imported from another module, then bound again: which one the decorator
reads depends on their order, which unjam does not keep — the label says "…", and the route
is not taken for `GET /api/v1/pets` (which would shadow it)."""

import time

from fastapi import APIRouter

from routes.pets import endpoint

owners = APIRouter()
endpoint = "/owners"


@owners.get(endpoint)
async def list_owners():
    time.sleep(0.1)  # expect: UJ001
    return []
