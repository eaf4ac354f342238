"""A route whose dependency comes from a library (fastapi-users' `current_user(...)`): what that
dependency runs in the thread pool is not seen, so the route's trip count is a floor."""

from fastapi import Depends, FastAPI
from fastapi_users import FastAPIUsers

users = FastAPIUsers(None, [])
current_active_user = users.current_user(active=True)

app = FastAPI()


def get_db():
    return {}


def get_settings():
    return {}


def get_clock():
    return 0


@app.get("/me")  # expect: UJ005
def me(user=Depends(current_active_user), db=Depends(get_db), settings=Depends(get_settings)):
    return {"user": user}


@app.get("/time")  # expect: UJ005
def clock(db=Depends(get_db), settings=Depends(get_settings), now=Depends(get_clock)):
    return {"now": now}
