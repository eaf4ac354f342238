from fastapi import FastAPI

from quotes.routes import router

app = FastAPI()
app.include_router(router)
