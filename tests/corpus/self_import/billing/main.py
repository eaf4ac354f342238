import time

from fastapi import FastAPI

from billing.celery import queue
from billing.settings import DEFAULT_CURRENCY

app = FastAPI()


@app.get("/invoices")
async def invoices():
    time.sleep(0.5)  # expect: UJ001
    return {"currency": DEFAULT_CURRENCY, "queue": queue.main}
