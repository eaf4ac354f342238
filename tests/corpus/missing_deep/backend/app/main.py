from fastapi import FastAPI

from app.api.v1 import images

app = FastAPI()
app.include_router(images.router, prefix="/api/v1")
