from fastapi import FastAPI

from app.api.routes import router
from app.core.settings import TITLE

app = FastAPI(title=TITLE)
app.include_router(router)
