"""Route labels keep their routers' prefixes: a router imported under a name that also has
a stand-in for when the import fails, and routers a factory builds and returns."""

from fastapi import FastAPI

from api import auth_router, settings_router, v2_router
from api import reports  # noqa: F401  (its routes are on v2_router and settings_router)

app = FastAPI()
app.include_router(auth_router)
app.include_router(v2_router)
app.include_router(settings_router)
