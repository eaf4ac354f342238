"""The app as it was before main.py was slimmed down: the launched module's name with a word
added, beside it, and nothing names it (`main_complex`) or imports it."""

import time

from fastapi import FastAPI

app = FastAPI()


@app.get("/reports")
async def reports():
    time.sleep(0.05)  # ok: a variant nothing launches
    return []
