from fastapi import FastAPI

from codegen import settings
from codegen.routes import router

app = FastAPI()
app.include_router(router)


@app.on_event("startup")
async def start() -> None:
    settings.enable_export()
