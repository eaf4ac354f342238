from fastapi import FastAPI

from notify.routes import alerts

app = FastAPI()  # expect: UJ006
app.include_router(alerts.router, prefix="/v2")
