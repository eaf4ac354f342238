"""The app as it was built before main.py: a builder this module alone calls, kept beside the
app the Procfile serves; nothing imports it."""

import time

from fastapi import FastAPI

from tutoring.middleware import configure_security


def create_application() -> FastAPI:
    application = FastAPI()
    configure_security(application)

    @application.middleware("http")
    async def timing(request, call_next):  # ok: the old copy's
        time.sleep(0.01)  # ok: the old copy's
        return await call_next(request)

    return application


app = create_application()
