# expect: unparsed (a second import binds `crypto` to the models module, which has no router)
"""Imports `crypto` twice: the models module's import comes second, so `crypto.router` reads
an attribute that module lacks as the app's module loads (AttributeError)."""

from fastapi import FastAPI

from markets.routes import crypto, stocks
from markets.models import crypto  # noqa: F811

app = FastAPI()
app.include_router(crypto.router, prefix="/crypto")
app.include_router(stocks.router, prefix="/stocks")
