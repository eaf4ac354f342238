"""A dependency factory that picks one of two dependencies by a flag:
`Depends(authorizer(required=False))` runs the optional one and what it depends on."""

from fastapi import APIRouter, Depends, Header

router = APIRouter(prefix="/keepers")


def _token(authorization: str = Header(...)) -> str:
    return authorization.strip()


def _token_optional(authorization: str = Header("")) -> str:
    if authorization:
        return _token(authorization)
    return ""


def _settings() -> dict:
    return {"prefix": "Token"}


def _user(token: str = Depends(_token), settings: dict = Depends(_settings)) -> dict:
    return {"token": token, "prefix": settings["prefix"]}


def _user_optional(
    token: str = Depends(_token_optional), settings: dict = Depends(_settings)
) -> dict:
    return {"token": token, "prefix": settings["prefix"]}


def authorizer(*, required: bool = True):
    return _user if required else _user_optional


@router.get("/{name}")  # expect: UJ005 (four trips, through the optional dependencies)
def keeper(name: str, user: dict = Depends(authorizer(required=False))) -> dict:
    return {"name": name, "user": user}


@router.put("/{name}")  # expect: UJ005 (four trips, through the required ones)
def rename_keeper(name: str, user: dict = Depends(authorizer())) -> dict:
    return {"name": name, "user": user}
