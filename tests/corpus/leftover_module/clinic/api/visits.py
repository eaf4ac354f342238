"""The old copy: `import clinic.api.visits` loads the package beside it, never this file."""

import requests
from fastapi import APIRouter

visits_router = APIRouter()


@visits_router.get("/{visit_id}")
async def read_visit(visit_id: int):
    reply = requests.get(f"http://records.internal/visits/{visit_id}")  # ok: shadowed by visits/
    return reply.json()
