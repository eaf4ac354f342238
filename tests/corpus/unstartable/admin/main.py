"""The admin app names the broken schemas only where no import runs at start-up: under
`if TYPE_CHECKING:`, in a `try:` and in a function. It starts, and serves its routes."""

import time
from typing import TYPE_CHECKING

from fastapi import FastAPI

if TYPE_CHECKING:
    from shop.schemas import Order

try:
    from shop import schemas
except Exception:
    schemas = None

app = FastAPI()


@app.get("/health")
async def health() -> dict:
    time.sleep(0.1)  # expect: UJ001
    return {}


def order_type() -> "type[Order]":
    from shop.schemas import Order

    return Order
