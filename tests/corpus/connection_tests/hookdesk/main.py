from fastapi import FastAPI

from hookdesk.routers import integrations

app = FastAPI(title="hookdesk")
app.include_router(integrations.router, prefix="/api")
