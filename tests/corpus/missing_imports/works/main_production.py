"""A second app over the same routers, left behind when `products` was deleted: it cannot
start, so neither its prefix nor its middleware is anything the orders are served with."""

from fastapi import FastAPI

from works.middleware import Timing
from works.routers import products, router

app = FastAPI()
app.add_middleware(Timing)
app.include_router(router, prefix="/api/v1")
app.include_router(products)
