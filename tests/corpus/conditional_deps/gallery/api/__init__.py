from fastapi import APIRouter, Depends

from gallery.api import artworks, exhibitions
from gallery.security import read_only_guard, viewer_guard


def create_api(auth_enabled: bool) -> APIRouter:
    api = APIRouter(prefix="/api", dependencies=[Depends(read_only_guard)])
    # viewers may only read, and there are viewers only when users sign in
    restricted = APIRouter(dependencies=[Depends(viewer_guard)] if auth_enabled else [])
    restricted.include_router(artworks.router)
    api.include_router(restricted)
    api.include_router(exhibitions.router)
    return api
