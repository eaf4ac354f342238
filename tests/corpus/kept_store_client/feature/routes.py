"""The router factory runs once, with the server's one store: the first request fills the
store's registry and later ones reuse it. The preview route builds a store of its own on
every request, and with it a client."""

from fastapi import APIRouter, HTTPException

from feature.store import FeatureStore


def get_monitoring_router(store: FeatureStore | None = None) -> APIRouter:
    router = APIRouter()

    def _get_store() -> FeatureStore:
        if store is None:
            raise HTTPException(status_code=503, detail="no feature store configured")
        return store

    @router.post("/monitoring/compute")
    async def compute_metrics(view: str):
        current = _get_store()
        return {"view": current.registry.get_view(view)}  # ok

    @router.post("/monitoring/preview")
    async def preview(url: str):
        client = FeatureStore(url).online
        return {"base": str(client.base_url)}

    return router
