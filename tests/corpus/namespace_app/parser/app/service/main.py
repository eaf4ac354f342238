# `cd parser && uvicorn app.service.main:app`: `internal/` beside the `app` package has no
# `__init__.py`; the service root is on `sys.path`, so `internal.api.routes` is that folder's
from fastapi import FastAPI

from internal.api.routes import router


def create_app() -> FastAPI:
    app = FastAPI()
    app.include_router(router)
    return app


app = create_app()
