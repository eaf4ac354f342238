"""Starts: its Firebase wrapper imports the installed firebase_admin, not itself."""

import time

from fastapi import FastAPI

from pushapp.core.firebase_admin import admin_auth

app = FastAPI()


@app.get("/push/{uid}")
async def push(uid: str):
    time.sleep(0.1)  # expect: UJ001
    return {"user": admin_auth.get_user(uid).uid}  # expect: UJ001 (a request to Google)
