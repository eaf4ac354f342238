"""The guard server's API: a module-level app, which the CLI's `server` command serves
itself, or mounted under a prefix it is given."""

import json

from fastapi import FastAPI

app = FastAPI(title="Guard server")
app.rails_config_path = "/srv/configs"


@app.get("/v1/configs/{config_id}")
async def read_config(config_id: str):
    with open(f"{app.rails_config_path}/{config_id}.json") as f:  # expect: UJ001
        return json.load(f)
