from fastapi import FastAPI

from routes.patterns import router

app = FastAPI()
app.include_router(router)
