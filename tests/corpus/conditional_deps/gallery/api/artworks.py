from fastapi import APIRouter, Depends

from gallery.security import quota_guard, viewer_guard

router = APIRouter(prefix="/artworks")
ARTWORKS: dict[int, str] = {}


@router.post("")  # expect: UJ005 (2–3 trips: the guards, the viewer one only with auth)
def add_artwork(artwork_id: int, title: str):
    ARTWORKS[artwork_id] = title
    return {"id": artwork_id}


@router.put("/{artwork_id}", dependencies=[Depends(quota_guard)])  # expect: UJ005 (3–4 trips)
def rename_artwork(artwork_id: int, title: str):
    ARTWORKS[artwork_id] = title
    return {"id": artwork_id}


@router.delete("/{artwork_id}", dependencies=[Depends(viewer_guard), Depends(quota_guard)])  # expect: UJ005 (4 trips: its own viewer_guard runs with or without auth)
def remove_artwork(artwork_id: int):
    ARTWORKS.pop(artwork_id, None)
    return {"id": artwork_id}
