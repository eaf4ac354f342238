from fastapi import FastAPI

from gallery import beta, keys
from gallery.api import create_api
from gallery.settings import settings

app = FastAPI()
app.include_router(create_api(settings.auth))
app.include_router(keys.router)
if settings.beta:
    app.include_router(beta.router)
