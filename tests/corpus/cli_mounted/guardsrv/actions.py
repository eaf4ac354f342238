"""A second, smaller server the CLI can start: its routes touch nothing slow."""

from fastapi import FastAPI

app = FastAPI(title="Actions server")


@app.get("/v1/actions")
def list_actions():
    return ["check_facts", "mask_pii"]
