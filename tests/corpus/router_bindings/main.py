"""Route labels keep their routers' prefixes: a router imported under a name that also has
a stand-in for when the import fails, and routers a factory builds and returns. (`import
app.reports` binds the package `app`; the assignment after it binds the name to the app.)"""

from fastapi import FastAPI

import app.reports  # noqa: F401  (its routes are on v2_router and settings_router)
from app import auth_router, settings_router, v2_router

try:
    import uvloop
except ImportError:  # (the server runs on asyncio's own loop then)
    uvloop = None

app = FastAPI()
app.include_router(auth_router)
app.include_router(v2_router)
app.include_router(settings_router)

from app.admin import add_admin  # noqa: E402

add_admin(app)
