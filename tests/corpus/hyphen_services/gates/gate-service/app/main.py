from fastapi import FastAPI

from app.routes import gates

app = FastAPI()  # expect: UJ006
app.include_router(gates.router, prefix="/gates")
