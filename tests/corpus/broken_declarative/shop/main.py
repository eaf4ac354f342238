from fastapi import FastAPI

from shop.baskets import Basket  # noqa: F401
from shop.customers import Customer
from shop.db import SessionLocal

app = FastAPI()


@app.get("/customers/{customer_id}")
async def customer(customer_id: int) -> dict:
    with SessionLocal() as db:
        found = db.get(Customer, customer_id)  # ok: the models fail to configure first
        return {"email": found.email}
