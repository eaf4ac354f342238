from fastapi import FastAPI

from service.routes.render import router

app = FastAPI()
app.include_router(router)
