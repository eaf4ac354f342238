from fastapi import Depends, FastAPI

from weatherdesk.core.providers import (
    Alerts,
    Catalog,
    Forecasts,
    Quotas,
    Radar,
    Settings,
    Stations,
    Tiles,
)

app = FastAPI()  # expect: UJ006
catalog_size = len(Catalog().raw)


def forecasts() -> Forecasts:
    return Forecasts()


@app.get("/daily/{city}")
def daily(city: str, source: Forecasts = Depends(forecasts)):
    return source.daily(city)


@app.get("/alerts/{city}")
def alerts(city: str, source: Alerts = Depends(Alerts)):
    return source.daily(city)


@app.get("/radar")
def radar(source: Radar = Depends(Radar)):
    return {"client": str(source.client.base_url)}


@app.get("/stations/{city}")
def stations(city: str, source: Stations = Depends(Stations)):
    return source.near(city)


@app.get("/now/{city}")
async def now(city: str):
    return Forecasts().daily(city)


@app.get("/tiles")
def tiles(source: Tiles = Depends(Tiles)):
    return {"client": str(source.client.base_url)}


@app.get("/settings")
async def settings():
    return {"size": len(Settings().raw), "quota": len(Quotas().raw)}


@app.get("/catalog")
async def catalog():
    return {"size": len(Catalog().raw)}
