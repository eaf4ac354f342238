"""Routes added to a router a registry of functions is handed (`for register in REGISTRARS:
register(router)`): unjam cannot name that router, so the route's label shows its unknown
prefix as "…", never a path that leaves the prefix out."""

from fastapi import FastAPI

from kiosk.routes import make_router

app = FastAPI()
app.include_router(make_router(), prefix="/api")
