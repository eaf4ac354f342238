from fastapi import APIRouter

from ledger.exporter import LedgerExporter

router = APIRouter(prefix="/reports")


@router.get("/daily")
async def daily():
    return await LedgerExporter().daily()
