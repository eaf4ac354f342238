from fastapi import APIRouter

from quotes import registry
from quotes.tenants import fresh_engine, tenant_session

router = APIRouter()


@router.get("/rates/{currency}")
async def get_rate(currency: str) -> dict:
    registry.count_hit(currency)
    return {"rate": registry.rate(currency)}


@router.post("/rates/refresh")
async def refresh() -> dict:
    registry.refresh_from("https://rates.example/latest")
    return {"ok": registry.reserve_slot()}


@router.get("/tenants/{tenant}/rates")
def tenant_rates(tenant: str) -> dict:
    tenant_session(tenant).close()
    fresh_engine("postgresql://db.internal/" + tenant).dispose()
    return {}
