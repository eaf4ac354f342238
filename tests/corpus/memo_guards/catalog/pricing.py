"""A service the start-up handler builds once and keeps on `app.state`: its `self._rates`
guard is a memo (one instance per process). A quote built per request is no memo holder."""

import subprocess

import httpx
from fastapi import APIRouter, Request


class PriceBook:
    def __init__(self, url: str) -> None:
        self.url = url
        self._rates: dict | None = None

    def rates(self) -> dict:
        if self._rates is None:
            self._rates = httpx.get(self.url).json()  # expect: UJ001
        return self._rates


class Quote:
    def __init__(self, currency: str) -> None:
        self.currency = currency
        self._fx: dict | None = None

    def fx(self) -> dict:
        if self._fx is None:  # a new Quote per request: fetched every time
            self._fx = httpx.get(f"http://fx.local/{self.currency}").json()  # expect: UJ001
        return self._fx


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
    rate = Quote(currency).fx()["rate"]
    return {"sku": sku, "price": book.rates()[sku] * rate}
