from fastapi import APIRouter

from .rooms import rooms

api = APIRouter(prefix="/v1")
api.include_router(rooms)
