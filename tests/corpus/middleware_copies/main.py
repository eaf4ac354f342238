from fastapi import FastAPI

from src.middleware.observability import Observability

app = FastAPI()
app.add_middleware(Observability)
