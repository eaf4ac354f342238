from fastapi import FastAPI

from quotes.routes import router

app = FastAPI()  # ok: no sync piece of its routes blocks, so a larger limiter would not help (UJ006)
app.include_router(router)
