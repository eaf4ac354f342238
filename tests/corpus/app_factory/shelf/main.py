from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from shelf.books import router
from shelf.probes import PROBES


def on_value_error(request: Request, exc: ValueError) -> JSONResponse:
    return JSONResponse({"error": str(exc)}, status_code=400)


def create_app() -> FastAPI:
    app = FastAPI(routes=PROBES)  # ok: no sync piece of its routes blocks, so a larger limiter would not help (UJ006)
    app.include_router(router)
    app.add_exception_handler(ValueError, on_value_error)
    return app


app = create_app()  # ok: the app create_app builds, reported once above
