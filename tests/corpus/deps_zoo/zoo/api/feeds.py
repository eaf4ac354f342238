"""Repositories as class dependencies: FastAPI calls a class in the thread pool, whatever its
`__init__` does."""

from fastapi import APIRouter, Depends

router = APIRouter(prefix="/feeds")


async def get_store() -> dict:
    return {}


class BaseRepository:
    def __init__(self, store: dict = Depends(get_store)) -> None:
        self.store = store


class FeedRepository(BaseRepository):
    pass


class APIKeyRepository(BaseRepository):
    pass


class AuditTrail:
    def __init__(self) -> None:
        with open("audit.log") as fh:  # (a file read: built in a worker thread, it stays sync)
            self.lines = fh.read().splitlines()


@router.get("/{feed_id}")  # expect: UJ005
def read_feed(
    feed_id: int, feeds: FeedRepository = Depends(), keys: APIKeyRepository = Depends()
) -> dict:
    return {"feed": feeds.store.get(feed_id), "keys": len(keys.store)}


@router.get("/{feed_id}/audit")  # expect: UJ005
def audit_feed(feed_id: int, trail: AuditTrail = Depends(), feeds: FeedRepository = Depends()):
    return {"lines": trail.lines, "feed": feeds.store.get(feed_id)}
