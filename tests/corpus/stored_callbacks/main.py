"""A middleware that stores a callback on the request's state (`setattr(request.state, …,
lambda name: …)`) calls nothing: the plain `def` route that reads the callback calls it, in
the thread pool. A callback handed to the loop to run (`loop.call_soon`) is called there."""

import asyncio
import sqlite3

from fastapi import FastAPI, Request

app = FastAPI()


def allowed_actions(name: str, user: str) -> list[str]:
    query = "SELECT action FROM grants WHERE name = ? AND user = ?"
    with sqlite3.connect("/var/grants.db") as db:  # ok: only a plain `def` route calls it
        return [row[0] for row in db.execute(query, (name, user))]  # ok: in the pool


def record_visit(user: str) -> None:
    with open("/var/log/visits.log", "a") as log:  # expect: UJ001
        log.write(user + "\n")


@app.middleware("http")  # expect: UJ004
async def grants(request: Request, call_next):
    user = request.headers.get("x-user", "")
    setattr(request.state, "allowed_actions", lambda name: allowed_actions(name, user))
    asyncio.get_running_loop().call_soon(lambda: record_visit(user))
    return await call_next(request)


@app.get("/servers/{name}")
def get_server(name: str, request: Request) -> dict:
    return {"name": name, "actions": request.state.allowed_actions(name)}
