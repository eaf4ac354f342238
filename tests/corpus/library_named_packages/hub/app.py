from fastapi import FastAPI

from modules.github.api import router

app = FastAPI()
app.include_router(router)
