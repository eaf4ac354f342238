from typing import cast

from fastapi import APIRouter, Depends, Request

shifts = APIRouter()
rosters = APIRouter()


def current_week(week: int = 0) -> int:
    return week


@shifts.get("/teams/{team}/shifts")  # expect: UJ005
def list_shifts(team: str, week: int = Depends(current_week)) -> dict:
    return {"team": team, "week": week}


@rosters.get("/teams/{team}/roster")  # expect: UJ005
def roster(team: str, week: int = Depends(current_week)) -> dict:
    return {"team": team, "week": week}


def board_state(request: Request) -> dict:
    return cast(dict, request.app.state.board)


@shifts.get("/teams/{team}/board")  # expect: UJ005
def board(team: str, state: dict = Depends(board_state)) -> dict:
    return {"team": team, "open": len(state)}


from fastapi_cache.decorator import cache  # noqa: E402


@shifts.get("/teams/{team}/stats")  # expect: UJ005
@cache(expire=60)
def stats(team: str, week: int = Depends(current_week)) -> dict:
    return {"team": team, "week": week}
