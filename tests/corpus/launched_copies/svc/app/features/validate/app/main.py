"""A dev copy that runs the feature on its own (`python main.py` in this folder): the image
serves the same routes under /v1/validate, through app/main.py."""

import uvicorn
from fastapi import FastAPI

from .routes import router

app = FastAPI(title="validate (dev)")  # ok: only its own text runs it
app.include_router(router, prefix="/validator")

if __name__ == "__main__":
    uvicorn.run("main:app", reload=True)
