from contextlib import asynccontextmanager

from fastapi import FastAPI

from featurehub.monitoring import get_monitoring_router
from featurehub.store import Catalog, FeatureStore, check_access


def get_app(store: FeatureStore) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI):
        print(len(store.registry.projects), "projects")  # fetched before the app serves
        yield

    app = FastAPI(lifespan=lifespan)
    catalog = Catalog(store)
    app.include_router(get_monitoring_router(store))

    @app.get("/health")
    async def health():
        return {"projects": len(store.registry.projects)}

    @app.get("/projects/{project}")
    async def project(project: str):
        return {"allowed": check_access(store, project)}

    @app.get("/catalog")
    async def listing():
        return {"projects": catalog.projects()}

    @app.get("/describe")
    async def describe(url: str):
        return FeatureStore(url).describe()

    return app


app = get_app(FeatureStore("http://registry.internal"))
