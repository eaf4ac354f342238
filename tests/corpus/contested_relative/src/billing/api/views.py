from fastapi import APIRouter

from ..models import load_entries

router = APIRouter()


@router.get("/invoices")
async def invoices():
    return load_entries()
