from fastapi import FastAPI

from jobs.api import router

app = FastAPI()
app.include_router(router)
