from fastapi import FastAPI

from mediahub.routes import router

app = FastAPI()
app.include_router(router)
