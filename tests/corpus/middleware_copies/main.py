from fastapi import FastAPI

from src.middleware.observability import Observability

app = FastAPI()
app.add_middleware(Observability)

# FastAPI's own CORS middleware (pure ASGI), not the project's unused class of that name in
# src/cors.py
from fastapi.middleware.cors import CORSMiddleware  # noqa: E402

app.add_middleware(CORSMiddleware, allow_origins=["http://127.0.0.1:3000"])
