from fastapi import APIRouter

from quotes import registry
from quotes.locale import current_locale, load_glossary, render_template, use_locale
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


@router.get("/rates/{currency}/label")
async def rate_label(currency: str, lang: str = "en") -> dict:
    use_locale(lang)
    glossary = load_glossary(lang)
    render_template(lang)
    return {"label": current_locale().get(currency, glossary.get(currency, currency))}
