"""An app wired with python-injector and punq: services come from `injector.get(...)` and
`container.resolve(...)`, not from calls unjam sees being made."""

from contextlib import asynccontextmanager

import punq
from fastapi import FastAPI
from injector import Injector

from shop.services import Migrations, Rates, Stock

root = Injector()
container = punq.Container()
container.register(Stock)


def apply_migrations(injector: Injector) -> None:
    migrations = injector.get(Migrations)
    migrations.apply()


@asynccontextmanager
async def lifespan(app: FastAPI):
    apply_migrations(root)
    yield


app = FastAPI(lifespan=lifespan)


@app.get("/quote/{currency}")
async def quote(currency: str) -> dict:
    rates = root.get(Rates)
    return {"rate": rates.quote(currency), "cached": await rates.cached(currency)}


@app.get("/stock/{sku}")
async def stock(sku: str) -> dict:
    return {"count": container.resolve(Stock).count(sku)}
