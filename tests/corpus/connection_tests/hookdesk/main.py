from fastapi import FastAPI

from hookdesk.routers import agents, connections, integrations, oauth, tenants

app = FastAPI(title="hookdesk")  # expect: UJ006
app.include_router(integrations.router, prefix="/api")
app.include_router(tenants.router, prefix="/api")
app.include_router(oauth.router, prefix="/api")
app.include_router(connections.router, prefix="/api")
app.include_router(agents.router, prefix="/api")
