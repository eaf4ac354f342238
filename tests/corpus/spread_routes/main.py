"""Routes registered from a table of their settings, spread into the decorator: each is
served at the path its entry holds, which unjam does not read (`…`)."""

import time

from fastapi import FastAPI

ROUTES = {
    "signup": {"path": "/signup", "status_code": 201},
    "login": {"path": "/login"},
}

app = FastAPI()


@app.post(**ROUTES["signup"])
async def signup(email: str):
    time.sleep(0.2)  # expect: UJ001
    return {"email": email}
