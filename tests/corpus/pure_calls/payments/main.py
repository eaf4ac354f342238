from fastapi import FastAPI

from payments.api import router

app = FastAPI()
app.include_router(router)
