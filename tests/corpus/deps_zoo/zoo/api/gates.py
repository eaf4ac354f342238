"""A role dependency made by a factory with one nested dependency per combination of its
flags: FastAPI solves the one the flags pick, and that one's sync API-key lookup is one more
trip, which unjam does not count — so the count is a floor ("at least")."""

from typing import Annotated

from fastapi import APIRouter, Depends, Header

router = APIRouter(prefix="/gates")


def _api_key(x_api_key: str | None = Header(default=None)) -> str | None:
    return x_api_key


def role_acl(*, allow_api_key: bool):
    if allow_api_key:

        async def role_with_key(key: str | None = Depends(_api_key)) -> str:
            return "service" if key else "anonymous"

        return Depends(role_with_key)

    async def role_user_only() -> str:
        return "user"

    return Depends(role_user_only)


GateRole = Annotated[str, role_acl(allow_api_key=True)]


def _page(page: int = 1) -> int:
    return page


def _size(size: int = 50) -> int:
    return size


def _sort(sort: str = "name") -> str:
    return sort


@router.get("/open")  # expect: UJ005 (at least three trips: page, size, sort; the role's key lookup unseen)
async def open_gates(
    role: GateRole,
    page: int = Depends(_page),
    size: int = Depends(_size),
    sort: str = Depends(_sort),
):
    return {"role": role, "page": page, "size": size, "sort": sort}
