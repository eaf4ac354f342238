"""Drafts: an `async def` called without `await` only makes a coroutine that never runs (a
forgotten `await`), so the route that drops it reaches nothing of its body."""

import redis
from fastapi import APIRouter

router = APIRouter(prefix="/drafts")
store = redis.Redis(host="127.0.0.1")


@router.delete("/{draft_id}")
async def delete_draft(draft_id: str):
    store.delete(f"draft:{draft_id}")  # expect: UJ001
    return {"deleted": draft_id}


@router.post("/purge")
async def purge_drafts(ids: list[str]):
    [delete_draft(draft_id) for draft_id in ids]  # coroutines made, never run
    touch_index()
    return {"purged": len(ids)}


async def touch_index():
    store.set("drafts:touched", "1")  # ok: only ever called without `await`
