from fastapi import FastAPI

from tool import settings
from tool.routes import router

settings.load_overrides()
app = FastAPI()
app.include_router(router)
