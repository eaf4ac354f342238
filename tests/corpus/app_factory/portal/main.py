import time

from fastapi import APIRouter, FastAPI

from portal.wiring import register_routes


async def lifespan(app: FastAPI):
    with open("portal.toml") as fh:  # expect: UJ002
        app.state.config = fh.read()
    yield


def create_app() -> FastAPI:
    app = FastAPI(title="portal", lifespan=lifespan)  # expect: UJ006
    register_routes(app)
    return app


app = create_app()


@app.get("/version")
def version():
    return {"version": "1"}


admin_router = APIRouter(prefix="/admin")


@admin_router.get("/stats")
def stats():
    time.sleep(0.1)  # ok: a sync endpoint's wait, in the thread pool
    return {}


class Portal:
    def __init__(self) -> None:
        self.app = self._build()

    def _build(self) -> FastAPI:
        inner = FastAPI(title="portal-admin")  # expect: UJ006
        inner.include_router(admin_router)
        return inner


def create_admin() -> FastAPI:
    portal = Portal()
    return portal.app


admin = create_admin()
