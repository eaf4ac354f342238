import json

from fastapi import APIRouter

router = APIRouter(prefix="/beta")


@router.get("/catalogue")
async def beta_catalogue():
    with open("/srv/gallery/beta.json") as f:  # expect: UJ001 (only when the beta is on)
        return json.load(f)
