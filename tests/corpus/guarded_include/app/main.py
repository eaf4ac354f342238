"""The app includes its routers; one it takes inside `try`/`except ImportError` fails to
import (its own import of a missing module), so the app serves without it. That include
names its router: no other router of the project is served through it."""

from fastapi import FastAPI

from app import health

app = FastAPI()
app.include_router(health.router)

try:
    from app import users

    app.include_router(users.router)
except ImportError:
    pass

try:
    from app.orders import router as orders_router  # (orders.py is empty: ImportError)

    ORDERS = True
except ImportError:
    ORDERS = False

if ORDERS:
    app.include_router(orders_router, prefix="/orders")
