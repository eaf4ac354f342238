"""The launcher builds the app, loads the catalog and probes the default registry, then
serves. Requests find the catalog filled; the probe's cache drops its entry after an hour,
and a request naming another registry pays at once."""

import uvicorn
from fastapi import FastAPI

from fleet.catalog import load_catalog, registry_reachable


def create_app() -> FastAPI:
    app = FastAPI()

    @app.get("/models")
    async def models():
        return load_catalog()

    @app.get("/registry")
    async def registry(url: str = "https://registry-1.docker.io"):
        return {"reachable": registry_reachable(url)}

    return app


def main() -> None:
    app = create_app()
    load_catalog()
    registry_reachable("https://registry-1.docker.io")
    uvicorn.run(app, host="127.0.0.1", port=8000)


if __name__ == "__main__":
    main()
