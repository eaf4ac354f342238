from typing import Annotated

from fastapi import APIRouter, Depends

from .dependency import get_auth_service
from .service import AuthService

router = APIRouter()


@router.post("/login")
async def login(password: str, auth_service: Annotated[AuthService, Depends(get_auth_service)]):
    return await auth_service.login(password)
