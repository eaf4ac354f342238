from fastapi import FastAPI

from .routers import orders_router

app = FastAPI(title="shop")  # expect: UJ006
app.include_router(orders_router, prefix="/api")
