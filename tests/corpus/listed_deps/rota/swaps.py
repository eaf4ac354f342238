"""A dependency factory that imports the member check inside its body (main.py imports this
module first): the check it builds depends on `MEMBER`, a `Depends(...)` main.py holds."""

from fastapi import APIRouter, Depends

swaps = APIRouter()


def may_swap(kind: str):
    from rota.main import MEMBER

    def check(member: str = MEMBER) -> str:
        return member

    return check


@swaps.post("/teams/{team}/swaps", dependencies=[Depends(may_swap("shift"))])  # expect: UJ005
def request_swap(team: str) -> dict:
    return {"team": team}
