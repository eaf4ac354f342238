import time

from fastapi import Depends, FastAPI  # noqa: F401  (`Depends`: as the helpers name it)

from scanner.auth import current_scanner  # noqa: F401  (so `read_only`'s dependency is kept)
from scanner.routing import documented, operation, read_only, shared, shared_get

app = FastAPI()


def create_pipeline_app(model_dir: str) -> FastAPI:
    service = FastAPI()

    @operation(service, "/infer", "infer")
    async def infer(payload: dict):
        time.sleep(0.5)  # expect: UJ001
        return {"ok": True}

    @operation(service, path="/warm", name="warm")
    async def warm():
        with open(f"{model_dir}/weights.bin", "rb") as weights:  # expect: UJ001
            return {"size": len(weights.read())}

    @read_only(service, "/status")
    async def status():
        time.sleep(0.2)  # expect: UJ001
        return {"ok": True}

    return service


@shared_get("/ping")
async def ping():
    time.sleep(0.1)  # expect: UJ001
    return "pong"


@documented
async def helper_only():
    time.sleep(1)  # ok: no route, and the app serves nothing that calls it
    return None


app.mount("/pipeline", create_pipeline_app("/srv/models"))
app.include_router(shared)
