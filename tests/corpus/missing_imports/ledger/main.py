"""The ledger's app imports its api, which imports a model module that is not on disk
(deleted, its imports left behind): ModuleNotFoundError, nothing is served."""

from fastapi import FastAPI

from ledger.api import router

app = FastAPI()
app.include_router(router)
