"""A shared API client that fetches its token and shop id from a store on first use:
`if self.token and self.shop_id: return` holds once both are filled, so the store is read
on the first call only; `if self.token and self.region: return` fills neither, and reads
the store on every call."""

import os

from fastapi import APIRouter
from supabase import create_client

tokens = APIRouter()
store = create_client(os.environ["STORE_URL"], os.environ["STORE_KEY"])


class ShopApi:
    def __init__(self) -> None:
        self.token: str | None = None
        self.shop_id: str | None = None
        self.region: str | None = None

    async def ensure_token(self) -> None:
        if self.token and self.shop_id:
            return
        row = store.table("tokens").select("*").limit(1).execute()  # expect: UJ001
        self.token, self.shop_id = row.data[0]["token"], row.data[0]["shop_id"]

    async def ensure_region(self) -> str:
        if self.token and self.region:
            return
        return store.table("regions").select("*").limit(1).execute()  # expect: UJ001


_api: ShopApi | None = None


def get_api() -> ShopApi:
    global _api
    if _api is None:
        _api = ShopApi()
    return _api


@tokens.get("/shop/orders")
async def orders() -> dict:
    api = get_api()
    await api.ensure_token()
    await api.ensure_region()
    return {"shop": api.shop_id}
