"""A router builder that makes its service on first use, in a closure variable the getter
declares `nonlocal`: one service for the app's life, holding the app's store."""

from fastapi import APIRouter

from featurehub.store import FeatureStore


class MonitoringService:
    def __init__(self, store: FeatureStore):
        self._store = store

    def watched(self) -> list:
        return self._store.registry.projects


def get_monitoring_router(store: FeatureStore) -> APIRouter:
    router = APIRouter(prefix="/monitoring")
    _service = None

    def _get_service() -> MonitoringService:
        nonlocal _service
        if _service is None:
            _service = MonitoringService(store)
        return _service

    @router.get("/watched")
    async def watched():
        service = _get_service()
        return {"projects": service.watched()}

    return router


def report(url: str) -> list:
    """A command's one-off report: another service, on a store of its own."""
    return MonitoringService(FeatureStore(url)).watched()
