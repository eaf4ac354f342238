"""Routes added to a router a registry of functions is handed (`for register in REGISTRARS:
register(router)`): unjam cannot name that router, so the route's label shows its unknown
prefix as "…", never a path that leaves the prefix out. One handed to a function imported
under another name (`add_login_routes(router)`) is followed, prefixes and all."""

from fastapi import FastAPI

from kiosk.routes import make_router

app = FastAPI()
app.include_router(make_router(), prefix="/api")
