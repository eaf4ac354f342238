from fastapi import FastAPI

from app.routes import zones

app = FastAPI()  # expect: UJ006
app.include_router(zones.router, prefix="/zones")
