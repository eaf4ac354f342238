from fastapi import APIRouter

from api.auth.fastapi_users import backend, fastapi_users

router = APIRouter(tags=["auth"])
router.include_router(fastapi_users.get_auth_router(backend))
