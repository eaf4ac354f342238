from fastapi import FastAPI

from quotes.routes import router

app = FastAPI()  # expect: UJ006
app.include_router(router)
