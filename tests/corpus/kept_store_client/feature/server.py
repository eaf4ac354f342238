from fastapi import FastAPI

from feature.lineage import register_lineage
from feature.routes import get_monitoring_router
from feature.store import FeatureStore


class RegistryServer:
    def __init__(self, store: FeatureStore):
        self.store = store
        self.app = FastAPI()
        self._register_routes()

    def _register_routes(self) -> None:
        register_all_routes(self.app, server=self)


def register_all_routes(app: FastAPI, server=None, store=None) -> None:
    resolved = store or (server.store if server is not None else None)
    app.include_router(get_monitoring_router(store=resolved))
    if resolved is not None:
        register_lineage(app, resolved)


app = RegistryServer(FeatureStore("postgresql://registry/feast")).app
