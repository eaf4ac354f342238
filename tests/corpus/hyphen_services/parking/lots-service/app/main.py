from fastapi import FastAPI

from app.routes import lots

app = FastAPI()  # expect: UJ006
app.include_router(lots.router, prefix="/lots")
