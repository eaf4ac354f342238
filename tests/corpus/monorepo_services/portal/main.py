"""A second service whose package has the accounts service's name (`api_v1`): its relative
imports mean its own files."""

from fastapi import FastAPI

from api_v1 import router as router_v1

app = FastAPI()
app.include_router(router=router_v1, prefix="/api/v1")
