from fastapi import FastAPI

from src.routes.products import router

app = FastAPI()
app.include_router(router)
