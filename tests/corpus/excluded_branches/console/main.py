"""The operations console's API: restart, drain and scale the services it manages."""

from fastapi import FastAPI

from console.notify import send
from console.services import drain, restart, scale

app = FastAPI()

ALIASES = {"web": "api", "jobs": "worker"}  # old names operators still type


@app.post("/services/restart")
async def restart_many(components: dict[str, bool]):
    # the API server restarts last, from its own route: never from this loop
    results = {}
    for service, wanted in components.items():
        if service != "api" and wanted:
            results[service] = restart(service)
    return results


@app.post("/services/restart-all")
async def restart_all(names: list[str]):
    for name in names:
        if name == "api":
            continue
        restart(name)
    return {"restarted": len(names)}


@app.post("/services/{service}/drain")
async def drain_one(service: str):
    if service != "api":
        service = ALIASES.get(service, service)  # "web" is the API server's old name
        drain(service)
    return {"drained": service}


@app.post("/services/scale")
async def scale_many(plan: dict[str, str]):
    for name, mode in plan.items():
        if mode != "keep":
            scale(name, mode)
    return plan


@app.post("/notices")
async def notice(text: str, urgent: bool = False):
    channel = "pager" if urgent else "email"
    if channel == "email":
        send(channel, text)
    return {"queued": True}
