"""An identity provider kept for the app's life whose discovery returns early once a helper
method has stored the endpoint it tests: the client is built on the first request only. A
pusher whose early exit tests a switch its helper never sets builds one on every request."""

from fastapi import FastAPI

from identity import IdentityProvider, MetricsPusher

app = FastAPI()
provider = IdentityProvider("https://idp.example/.well-known/openid-configuration")
pusher = MetricsPusher("https://metrics.example/push")


@app.get("/login")
async def login() -> dict:
    await provider.discover()
    return {"authorize": provider.authorize_url}


@app.post("/ping")
async def ping() -> dict:
    await pusher.push({"ping": 1})
    return {}


@app.post("/agents/{agent_id}/public")
async def make_public(agent_id: str, raw: dict) -> dict:
    from secrets_config import secrets

    secrets.from_raw(raw)
    secrets.audit({"agent": agent_id})
    return {"public": agent_id}
