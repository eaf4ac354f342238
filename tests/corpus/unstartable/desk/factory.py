from fastapi import FastAPI


def create_app() -> FastAPI:
    app = FastAPI()
    _include_routers(app)
    return app


def _include_routers(app: FastAPI) -> None:
    from desk.views import router

    app.include_router(router)
