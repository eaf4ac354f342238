"""Tests that look like memos but ask about this request: a file named from a hash of the
URL the body carries (every new URL downloads), and a customer id read with `getattr` from
the user a dependency loads (every user without one is created at the provider)."""

import hashlib
import os

import requests
import stripe
from fastapi import APIRouter, Depends

thumbnails = APIRouter(prefix="/thumbnails")


class Account:
    def __init__(self, email: str, customer_id: str | None = None):
        self.email = email
        self.customer_id = customer_id


async def current_account() -> Account:
    return Account("a@example.com")


@thumbnails.post("/")
async def thumbnail(body: dict) -> dict:
    url = body.get("url")
    digest = hashlib.md5(url.encode()).hexdigest()
    name = digest[:12]
    path = f"static/{name}.png"
    if not os.path.exists(path):
        image = requests.get(url, timeout=30)  # expect: UJ001
        with open(path, "wb") as fh:  # expect: UJ001
            fh.write(image.content)
    return {"path": path}


@thumbnails.post("/checkout")
async def checkout(account: Account = Depends(current_account)) -> dict:
    customer_id = getattr(account, "customer_id", None)
    if not customer_id:
        customer = stripe.Customer.create(email=account.email)  # expect: UJ001
        customer_id = customer.id
    return {"customer": customer_id}
