from fastapi import APIRouter

from ..models import load_entries  # src/ledger/models/, whatever took the name `models`

router = APIRouter()


@router.get("/entries")
async def entries():
    return load_entries()
