"""A service the start-up handler builds once and keeps on `app.state`: its `self._rates`
guard is a memo (one instance per process). A quote built per request is no memo holder."""

import subprocess

import httpx
from fastapi import APIRouter, Request
from sqlalchemy import create_engine


class PriceBook:
    def __init__(self, url: str) -> None:
        self.url = url
        self._rates: dict | None = None

    def rates(self) -> dict:
        if self._rates is None:
            self._rates = httpx.get(self.url).json()  # expect: UJ001
        return self._rates

    def engine(self):
        if hasattr(self, "_engine"):  # one PriceBook per process: built on the first call
            return self._engine
        self._engine = create_engine(self.url)  # ok
        return self._engine


class Quote:
    def __init__(self, currency: str) -> None:
        self.currency = currency
        self._fx: dict | None = None

    def fx(self) -> dict:
        if self._fx is None:  # a new Quote per request: fetched every time
            self._fx = httpx.get(f"http://fx.local/{self.currency}").json()  # expect: UJ001
        return self._fx

    def engine(self):
        if getattr(self, "_engine", None) is None:  # per Quote, so per request
            self._engine = create_engine("sqlite://")  # expect: UJ003
        return self._engine


class FeedWatcher:
    """Built once too, but `running` is a property: it asks the child each time, so the
    child is started again whenever it has exited — no memo."""

    def __init__(self) -> None:
        self.child: subprocess.Popen | None = None

    @property
    def running(self) -> bool:
        return self.child is not None and self.child.poll() is None

    def ensure(self) -> None:
        if not self.running:
            self.child = subprocess.Popen(["price-feed"])  # expect: UJ001


def open_price_book() -> PriceBook:
    return PriceBook("http://prices.local/rates")


pricing = APIRouter()


@pricing.get("/prices/{sku}")
async def price(sku: str, request: Request, currency: str = "EUR"):
    book: PriceBook = request.app.state.prices
    watcher: FeedWatcher = request.app.state.watcher
    watcher.ensure()
    quote = Quote(currency)
    rate = quote.fx()["rate"]
    book.engine()
    quote.engine()
    return {"sku": sku, "price": book.rates()[sku] * rate}
