"""The app the works serve: the orders router, no middleware."""

from fastapi import FastAPI

from works.routers import router

app = FastAPI()  # expect: UJ006
app.include_router(router)
