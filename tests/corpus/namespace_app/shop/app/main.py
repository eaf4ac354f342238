# `cd shop && uvicorn app.main:app`: `app/` has no `__init__.py`, and the import names the
# router's module through the folder the app sits in
from fastapi import FastAPI

from app.api.routers import orders
from app.settings import API_PREFIX

app = FastAPI()
app.include_router(orders.router, prefix=f"{API_PREFIX}/orders")
