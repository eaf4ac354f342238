"""A help desk whose routers are all loaded by module name: `desk.routes.archive`, which no
string names, is never imported, so its routes serve nothing."""

from fastapi import FastAPI

from desk.registry import iter_routers, try_router

app = FastAPI()

for name, router in iter_routers():
    app.include_router(router)

agents = try_router("desk.routes.agents")
if agents is not None:
    app.include_router(agents, prefix="/agents")
