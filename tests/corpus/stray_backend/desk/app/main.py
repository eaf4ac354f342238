"""The same layout, importing a module that does not compile: the app cannot start."""

from fastapi import FastAPI

from api.routes import router
from core.checks import run_checks

app = FastAPI()
app.include_router(router)
run_checks()
