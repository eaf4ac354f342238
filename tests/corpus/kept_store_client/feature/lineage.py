"""A router whose route calls back into a closure over the server's store: the function
that includes the router runs once, as the app is set up, so the store the callback reads
is the one the server keeps."""

from fastapi import APIRouter, FastAPI

from feature.store import FeatureStore


def get_lineage_router(allowed=None) -> APIRouter:
    router = APIRouter()

    @router.get("/lineage/events")
    async def list_events():
        return {"namespaces": _namespace_filter(allowed)}

    def _namespace_filter(fn):
        return fn() if fn else None

    return router


def register_lineage(app: FastAPI, store: FeatureStore) -> None:
    def _allowed_fn(fs: FeatureStore):
        def _get_allowed() -> list[str]:
            return fs.lineage.namespaces()

        return _get_allowed

    app.include_router(get_lineage_router(allowed=_allowed_fn(store)))
