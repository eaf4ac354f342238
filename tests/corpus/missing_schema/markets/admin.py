"""An app that includes the stocks router alone, and reads the models module's own name."""

from fastapi import FastAPI

from markets.models import crypto
from markets.routes import stocks

app = FastAPI(title=crypto.Coin.__name__)
app.include_router(stocks.router, prefix="/admin")
