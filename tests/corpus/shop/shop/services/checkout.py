import json
from time import sleep as nap

import httpx

from shop.clients import Payments, redis_client
from shop.repositories.orders import OrderRepository

_async_http = httpx.AsyncClient()  # ok


class CheckoutService:
    def __init__(self, repo: OrderRepository):
        self.repo = repo
        self.payments = Payments()
        self.settings = {"retries": 3}

    def _cached_total(self, order_id: int):
        raw = redis_client.get(f"total:{order_id}")  # expect: UJ001
        retries = self.settings.get("retries")  # ok: dict.get is not requests.get
        return json.loads(raw) if raw else retries

    async def checkout(self, order_id: int) -> dict:
        order = self.repo.get(order_id)
        total = self._cached_total(order_id)
        charge = self.payments.charge(str(order_id), total)
        self.repo.save(order)
        await _async_http.post("https://audit.internal/events", json=charge)  # ok: awaited async client
        items = sorted([3, 1, 2])  # ok
        items.sort()  # ok: list.sort
        return charge

    def backoff(self) -> None:
        nap(0.5)  # expect: UJ001
