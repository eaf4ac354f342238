"""A dependency factory that picks one of two dependencies by a flag:
`Depends(authorizer(required=False))` runs the optional one and what it depends on."""

from collections.abc import Callable

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


class SortOrder:
    """A dependency a method makes: `SortOrder([...]).depends()` returns its `def inner`,
    which FastAPI runs in the pool like any `def` dependency (`-> Callable` says no more)."""

    def __init__(self, fields: list[str]) -> None:
        self.fields = fields

    def depends(self) -> Callable:
        def inner(order_by: str = "name") -> str:
            return order_by if order_by in self.fields else self.fields[0]

        return inner


@router.get("/")  # expect: UJ005 (four trips: the sort order, the settings, the endpoint, its validation)
def list_keepers(order: str = Depends(SortOrder(["name", "age"]).depends()), settings: dict = Depends(_settings)) -> list[str]:
    return [order, settings["prefix"]]


def make_shift_filter(default: str) -> Callable:
    def shift_filter(shift: str = default) -> str:
        return shift.lower()

    return shift_filter


_shift = Depends(make_shift_filter("day"))  # (one dependency, named once, used as a default)


@router.get("/shifts/current")  # expect: UJ005 (four trips: the shift filter, the settings, the endpoint, its validation)
def list_shifts(shift: str = _shift, settings: dict = Depends(_settings)) -> list[str]:
    return [shift, settings["prefix"]]


def require_role(role: str):
    """A factory that returns `Depends(...)` itself, listed in `dependencies=[...]`."""

    def has_role(user: dict = Depends(_user)) -> dict:
        return user if role else {}

    return Depends(has_role)


@router.delete("/{name}", dependencies=[require_role("admin")])  # expect: UJ005 (five trips: the token, the settings, the user, the role check, the endpoint)
def retire_keeper(name: str) -> None:
    return None
