"""A router that gathers the others, left over from an earlier layout: no app mounts it."""

from fastapi import APIRouter

from crm import users

api_router = APIRouter(prefix="/api")
api_router.include_router(users.router)
