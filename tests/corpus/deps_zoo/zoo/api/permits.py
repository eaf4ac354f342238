"""A checker dependency that the verifying dependency also resolves itself when it is called
as a plain coroutine (a route's helper awaits it with no checker): `_resolve` then calls the
factory it is handed, `get_checker()`, so `get_checker` must stay a plain `def`."""

from fastapi import APIRouter, Depends, Header
from fastapi.params import Depends as DependsParam

router = APIRouter(prefix="/permits")


def get_checker():
    return lambda token: token.startswith("zoo-")


def get_clock() -> dict:
    return {"zone": "UTC"}


def _resolve(value, default_factory):
    return default_factory() if isinstance(value, DependsParam) else value


async def verify(authorization: str = Header(...), checker=Depends(get_checker)) -> str:
    checker = _resolve(checker, get_checker)
    return authorization if checker(authorization) else ""


async def owner_check(authorization: str) -> str:
    return await verify(authorization=authorization)


@router.get("/{permit_id}")  # expect: UJ005 (four trips)
def permit(
    permit_id: int,
    user: str = Depends(verify),
    clock: dict = Depends(get_clock),
    names: list[str] = Depends(lambda: ["a"]),
) -> dict:
    return {"permit": permit_id, "user": user, "clock": clock, "names": names}
