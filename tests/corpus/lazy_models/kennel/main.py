from fastapi import FastAPI

from kennel.routers.dogs import router

app = FastAPI()
app.include_router(router)
